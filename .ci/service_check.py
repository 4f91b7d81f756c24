#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""routingd as a system service (issue 6), checked without systemd as PID 1.

Usage: service_check.py BIN_DIR (the folder holding the release routingd and routingctl).

1. Socket activation under `systemd-socket-activate` with a Python NOTIFY_SOCKET listener: the first
   client connection starts the daemon, READY=1 (with STATUS=) arrives, WATCHDOG=1 pings come,
   SIGHUP gives RELOADING=1 with MONOTONIC_USEC and then READY=1, SIGTERM gives STOPPING=1 and exit 0;
   log lines carry <N> priorities when JOURNAL_STREAM names stderr; an abstract (@) NOTIFY_SOCKET.
2. Idle exit: `varlink.Client.new_with_activate([... --exit-idle 1 --varlink=$VARLINK_ADDRESS])`
   answers, then the daemon exits 0 by itself; the next activation answers again. A socket keeper
   that holds the listening socket as systemd does: a client that connects while no daemon runs is
   served by a new instance, without an error; the location set before an idle exit is back in the
   next instance (the state directory), with when and by what it was set.
   The socket file: a symbolic link is refused with the reason, a stale socket is replaced, a live
   one is not, the file is created 0600. Without --socket: $XDG_RUNTIME_DIR/routingd/org.routingd.Directions,
   with io.socket (the earlier name) linked to it while the daemon runs, and routingctl finds it.
3. Units: installed with PREFIX into a scratch directory (no DESTDIR, so the units name real files),
   `systemd-analyze verify` prints nothing for the system and the user units and
   `systemd-analyze security --offline=true` gives 1.5 or less for the system service.
4. Access control (as root only): a second user (`useradd routingd-ci-peer`, kept between runs)
   gets PermissionDenied for SetCurrentLocation and ClearCurrentLocation through the real socket,
   while GetCurrentLocation and Resolve work.
5. Install: DESTDIR into a scratch root; the installed routingd runs (--version, one call) with the
   toolchain's library directory hidden (a private mount namespace with an empty /opt/swift, as
   root) and outside the library path, `ldd` shows no libswift; `scripts/install uninstall`
   leaves only empty directories.
"""
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import varlink

from checklib import Tally, exchange, wait_for

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COVERAGE = os.path.join(ROOT, "Coverage")
ROUTINGD = os.path.join(BIN, "routingd")
ROUTINGCTL = os.path.join(BIN, "routingctl")
PEER_USER = "routingd-ci-peer"
# The static build gets its own SwiftPM build directory, so it neither replaces the release build
# the other checks use nor is rebuilt from scratch on the next run.
STATIC_SCRATCH = os.path.join(ROOT, ".build", "static")
BIG_BEN = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"

check = Tally()


def raw_call(path, method, parameters=None, timeout=10.0):
    """One varlink call over a fresh connection; returns the decoded reply object."""
    return exchange(path, json.dumps({"method": method, "parameters": parameters or {}}).encode() + b"\0", timeout)


class NotifyListener:
    """A datagram socket standing in for systemd's notify socket (sd_notify(3))."""

    def __init__(self, address):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(address.replace("@", "\0", 1) if address.startswith("@") else address)
        self.messages = []

    def next(self, timeout=10.0, skip_watchdog=True):
        """The next message as a dict, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096).decode()
            except socket.timeout:
                return None
            fields = dict(line.split("=", 1) for line in data.split("\n") if "=" in line)
            self.messages.append(fields)
            if skip_watchdog and set(fields) == {"WATCHDOG"}:
                continue
            return fields

    def drain(self, timeout=0.2, total=1.0):
        """Reads what arrives into `messages` until `timeout` seconds pass without a message, or
        `total` seconds in all (watchdog pings may never leave such a gap)."""
        deadline = time.monotonic() + total
        while time.monotonic() < deadline:
            if self.next(timeout=min(timeout, max(deadline - time.monotonic(), 0.001)), skip_watchdog=False) is None:
                break

    def close(self):
        self.sock.close()


def wait_exit(process, timeout=10.0):
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None


def socket_activation(tmp):
    print("-- socket activation (systemd-socket-activate, NOTIFY_SOCKET listener)")
    sock = os.path.join(tmp, "activate.sock")
    notify_path = os.path.join(tmp, "notify")
    notify = NotifyListener(notify_path)
    log_path = os.path.join(tmp, "activate.log")
    log = open(log_path, "w+")
    status = os.fstat(log.fileno())
    env = dict(os.environ, WATCHDOG_USEC="400000")
    daemon = subprocess.Popen(
        ["systemd-socket-activate", "-l", sock, "--fdname=varlink",
         "-E", f"NOTIFY_SOCKET={notify_path}", "-E", "WATCHDOG_USEC", "-E", "XDG_STATE_HOME",
         "-E", f"JOURNAL_STREAM={status.st_dev}:{status.st_ino}",
         ROUTINGD, "--coverage", COVERAGE],
        stdout=log, stderr=log, env=env)
    try:
        wait_for(lambda: os.path.exists(sock), 4.0, 0.02)
        time.sleep(0.2)
        check("no READY=1 before the first connection", notify.next(timeout=0.5) is None)
        # The first connection makes systemd-socket-activate exec routingd (it waits in the backlog).
        reply = raw_call(sock, "org.routingd.Directions.GetCurrentLocation")
        check("the first client connection starts the daemon and is answered",
              reply == {"parameters": {"location": None}}, str(reply))
        ready = notify.next()
        check("READY=1 arrives", ready is not None and ready.get("READY") == "1", str(ready))
        check("STATUS= gives the app count", ready is not None and "3 apps" in ready.get("STATUS", ""), str(ready))
        time.sleep(0.6)
        notify.drain()
        check("WATCHDOG=1 every half WATCHDOG_USEC",
              sum(1 for m in notify.messages if m.get("WATCHDOG") == "1") >= 2, str(notify.messages))

        daemon.send_signal(signal.SIGHUP)
        reloading = notify.next()
        check("SIGHUP gives RELOADING=1", reloading is not None and reloading.get("RELOADING") == "1", str(reloading))
        usec = int((reloading or {}).get("MONOTONIC_USEC", "0") or 0)
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        check("with MONOTONIC_USEC on CLOCK_MONOTONIC", 0 < usec <= now and now - usec < 10_000_000,
              f"{usec} vs now {now}")
        again = notify.next()
        check("then READY=1", again is not None and again.get("READY") == "1" and "STATUS" in again, str(again))
        reply = raw_call(sock, "org.routingd.Directions.Resolve", {"url": BIG_BEN})
        check("still serving after the reload", reply is not None and "parameters" in reply, str(reply)[:200])

        daemon.send_signal(signal.SIGTERM)
        stopping = notify.next()
        check("SIGTERM gives STOPPING=1", stopping is not None and stopping.get("STOPPING") == "1", str(stopping))
        code = wait_exit(daemon)
        check("and exit status 0", code == 0, str(code))
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait()
        notify.close()
    log.seek(0)
    lines = log.read().splitlines()
    routingd_lines = [l for l in lines if l.startswith("<")]
    check("log lines carry journal priorities when JOURNAL_STREAM names stderr",
          any(l.startswith("<6>listening on fd 3 (varlink)") for l in routingd_lines)
          and any(l.startswith("<6>reloaded") for l in routingd_lines), "\n".join(lines))
    check("a healthy request logs nothing without --verbose",
          not any("Resolve" in l or "GetCurrentLocation" in l for l in lines), "\n".join(lines))

    # An abstract NOTIFY_SOCKET (@name), and a NOTIFY_SOCKET nobody listens on (a log line, no crash).
    name = f"@routingd-ci-notify-{os.getpid()}"
    notify = NotifyListener(name)
    for address, expect_ready in ((name, True), (os.path.join(tmp, "nobody-listens"), False)):
        sock = os.path.join(tmp, "abstract.sock")
        daemon = subprocess.Popen(
            ["systemd-socket-activate", "-l", sock, "--fdname=varlink", "-E", f"NOTIFY_SOCKET={address}",
             "-E", "XDG_STATE_HOME", ROUTINGD, "--coverage", COVERAGE],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: os.path.exists(sock), 4.0, 0.02)
        reply = raw_call(sock, "org.routingd.Directions.GetCurrentLocation")
        if expect_ready:
            ready = notify.next()
            check("READY=1 reaches an abstract NOTIFY_SOCKET (@name)", ready is not None and ready.get("READY") == "1")
        daemon.send_signal(signal.SIGTERM)
        code = wait_exit(daemon)
        stderr = daemon.stderr.read()
        if not expect_ready:
            check("an unreachable NOTIFY_SOCKET is one log line, not a crash",
                  reply is not None and code == 0 and stderr.count("cannot notify the service manager") == 1,
                  f"{code} {stderr}")
        os.unlink(sock) if os.path.exists(sock) else None
    notify.close()


def idle_exit(tmp):
    print("-- idle exit (varlink.Client.new_with_activate, and a socket kept like systemd keeps it)")
    argv = [ROUTINGD, "--coverage", COVERAGE, "--exit-idle", "1", "--varlink=$VARLINK_ADDRESS"]
    for round_ in (1, 2):
        client = varlink.Client.new_with_activate(list(argv))
        try:
            with client.open("org.routingd.Directions") as directions:
                reply = directions.Resolve(BIG_BEN)
            check(f"activation {round_}: the call is answered", "apps" in reply, str(reply)[:200])
            started = time.monotonic()
            code = None
            while time.monotonic() - started < 10:
                pid, status = os.waitpid(client._child_pid, os.WNOHANG)
                if pid:
                    code = os.waitstatus_to_exitcode(status)
                    break
                time.sleep(0.05)
            elapsed = time.monotonic() - started
            check(f"activation {round_}: the daemon exits 0 by itself when idle (after {elapsed:.1f} s)",
                  code == 0 and 0.8 <= elapsed < 5, f"code {code}")
            client._child_pid = 0
        finally:
            client.cleanup()

    # What systemd does: keep the listening socket, start the daemon when a client is waiting.
    path = os.path.join(tmp, "kept.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)

    def start_when_waiting():
        readable, _, _ = select.select([listener], [], [], 10)
        if not readable:
            return None
        pid = os.fork()
        if pid == 0:
            try:
                if listener.fileno() == 3:
                    os.set_inheritable(3, True)
                else:
                    os.dup2(listener.fileno(), 3, inheritable=True)
                env = dict(os.environ, LISTEN_FDS="1", LISTEN_FDNAMES="varlink", LISTEN_PID=str(os.getpid()))
                os.execve(ROUTINGD, [ROUTINGD, "--coverage", COVERAGE, "--exit-idle", "1"], env)
            finally:
                os._exit(127)
        return pid

    # Round 1 sets the daemon's own location; round 2, a new process after the idle exit, has it
    # back from the state directory (checklib's XDG_STATE_HOME), says when it was set, and clears it.
    follow_up = {
        1: {"method": "org.routingd.Directions.SetCurrentLocation",
            "parameters": {"latitude": 51.5, "longitude": -0.12, "source": "service-check"}},
        2: {"method": "org.routingd.Directions.ClearCurrentLocation", "parameters": {}},
    }
    for round_ in (1, 2):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(10)
            client.connect(path)  # no daemon yet: the connection waits in the backlog
            client.sendall(json.dumps({"method": "org.routingd.Directions.GetCurrentLocation", "parameters": {}}).encode() + b"\0"
                           + json.dumps(follow_up[round_]).encode() + b"\0")
            pid = start_when_waiting()
            data = b""
            while pid and data.count(b"\0") < 2:
                chunk = client.recv(65536)
                if not chunk:
                    break
                data += chunk
        replies = [json.loads(part) for part in data.split(b"\0")[:2] if part] if data.count(b"\0") >= 2 else []
        location = replies[0].get("parameters", {}).get("location") if replies else "no reply"
        if round_ == 1:
            check("kept socket, start 1: a client waiting while no daemon runs is answered",
                  location is None, repr(data))
            check("kept socket, start 1: SetCurrentLocation is answered", replies[1:] == [{"parameters": {}}], repr(data))
        else:
            check("kept socket, start 2: the location set before the idle exit is back, with when and by what",
                  isinstance(location, dict) and location.get("latitude") == 51.5 and location.get("source") == "service-check"
                  and location.get("origin") == "daemon" and str(location.get("setAt", "")).endswith("Z"), repr(data))
        if not pid:
            break
        code = None
        started = time.monotonic()
        while time.monotonic() - started < 10:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            time.sleep(0.05)
        check(f"kept socket, start {round_}: the daemon exits 0 when idle and leaves the socket file",
              code == 0 and os.path.exists(path), str(code))
    listener.close()

    # Without socket activation --exit-idle is ignored with a log line.
    sock = os.path.join(tmp, "bound.sock")
    daemon = subprocess.Popen([ROUTINGD, "--coverage", COVERAGE, "--socket", sock, "--exit-idle", "0.2"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: os.path.exists(sock), 4.0, 0.02)
    time.sleep(0.6)
    still = daemon.poll() is None
    daemon.send_signal(signal.SIGTERM)
    wait_exit(daemon)
    stderr = daemon.stderr.read()
    check("without socket activation --exit-idle is ignored with a log line",
          still and "--exit-idle 0.2 ignored" in stderr, stderr)


def socket_file_safety(tmp):
    print("-- the socket file: umask, stale sockets, symbolic links")
    directory = os.path.join(tmp, "bind")
    os.makedirs(directory)
    sock = os.path.join(directory, "org.routingd.Directions")
    target = os.path.join(tmp, "precious")
    with open(target, "w") as f:
        f.write("keep me")
    os.symlink(target, sock)
    p = subprocess.run([ROUTINGD, "--coverage", COVERAGE, "--socket", sock], capture_output=True, text=True, timeout=30)
    check("a symbolic link at the socket path is refused, saying why",
          p.returncode == 1 and "symbolic link, which routingd never follows or replaces" in p.stderr
          and os.path.islink(sock) and open(target).read() == "keep me", p.stderr)
    os.unlink(sock)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(sock)
    stale.close()  # a socket file nobody listens on
    daemon = subprocess.Popen([ROUTINGD, "--coverage", COVERAGE, "--socket", sock],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        reply = None
        for _ in range(200):
            try:
                reply = raw_call(sock, "org.routingd.Directions.GetCurrentLocation")
                break
            except OSError:
                time.sleep(0.02)
        check("a stale socket file (connect gives ECONNREFUSED) is replaced", reply is not None, str(reply))
        check("the socket file is created with mode 0600", os.stat(sock).st_mode & 0o777 == 0o600,
              oct(os.stat(sock).st_mode))
        p = subprocess.run([ROUTINGD, "--coverage", COVERAGE, "--socket", sock], capture_output=True, text=True, timeout=30)
        check("a socket someone listens on is not replaced", p.returncode == 1 and "another process listens there" in p.stderr,
              p.stderr)
    finally:
        daemon.send_signal(signal.SIGTERM)
        wait_exit(daemon)

    # The default socket, $XDG_RUNTIME_DIR/routingd/org.routingd.Directions, with the earlier name
    # io.socket linked to it while the daemon runs; routingctl finds it without --socket.
    runtime = os.path.join(tmp, "runtime-default")
    os.makedirs(runtime, mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    default = os.path.join(runtime, "routingd", "org.routingd.Directions")
    legacy = os.path.join(runtime, "routingd", "io.socket")
    daemon = subprocess.Popen([ROUTINGD, "--coverage", COVERAGE], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        listening = wait_for(lambda: os.path.exists(default), 20)
        check("without --socket the daemon listens on $XDG_RUNTIME_DIR/routingd/org.routingd.Directions", listening)
        check("io.socket beside it is a symbolic link to it",
              os.path.islink(legacy) and os.readlink(legacy) == "org.routingd.Directions",
              os.readlink(legacy) if os.path.islink(legacy) else "no link")
        reply = raw_call(legacy, "org.varlink.service.GetInfo") if os.path.islink(legacy) else None
        check("a client of the earlier name reaches the daemon through the link",
              reply is not None and reply.get("parameters", {}).get("product") == "routingd", str(reply))
        p = subprocess.run([ROUTINGCTL, "apps"], env=env, capture_output=True, text=True, timeout=30)
        check("routingctl finds the default socket without --socket", p.returncode == 0, p.stdout + p.stderr)
    finally:
        daemon.send_signal(signal.SIGTERM)
        wait_exit(daemon)
    check("the link goes when the daemon stops", not os.path.lexists(legacy) and not os.path.exists(default))


def units(tmp):
    print("-- units (systemd-analyze verify and security on an install into a scratch PREFIX)")
    prefix = os.path.join(tmp, "prefix")
    env = dict(os.environ, PREFIX=prefix, SKIP_BUILD="1", SKIP_SYSTEM_SETUP="1", SCRATCH_PATH=STATIC_SCRATCH)
    env.pop("DESTDIR", None)
    p = subprocess.run(["bash", "scripts/install"], cwd=ROOT, env=env, capture_output=True, text=True)
    check("scripts/install with PREFIX (no DESTDIR)", p.returncode == 0, p.stdout + p.stderr)
    system = os.path.join(prefix, "lib/systemd/system")
    user = os.path.join(prefix, "lib/systemd/user")
    with open(os.path.join(system, "routingd.service")) as f:
        service = f.read()
    check("the installed units name the installed binary", f"ExecStart={prefix}/bin/routingd " in service)
    # The socket is named after the interface; the earlier name is a symbolic link to it.
    with open(os.path.join(system, "routingd.socket")) as f:
        system_socket = f.read()
    with open(os.path.join(user, "routingd.socket")) as f:
        user_socket = f.read()
    check("the system socket is /run/routingd/org.routingd.Directions, with io.socket linked to it",
          "ListenStream=/run/routingd/org.routingd.Directions\n" in system_socket
          and "Symlinks=/run/routingd/io.socket\n" in system_socket, system_socket)
    check("the user socket is %t/routingd/org.routingd.Directions, with io.socket linked to it",
          "ListenStream=%t/routingd/org.routingd.Directions\n" in user_socket
          and "Symlinks=%t/routingd/io.socket\n" in user_socket, user_socket)
    # verify runs man(1) on each Documentation=man:… of the units: look in the scratch PREFIX's pages.
    manpath = dict(os.environ, MANPATH=os.path.join(prefix, "share/man"))
    man = [] if shutil.which("man") else ["--man=no"]
    if man:
        print("info man(1) is not installed: the units' man: links are not checked here (.ci/install_check.py renders the pages)")
    p = subprocess.run(["systemd-analyze", "verify"] + man + [f"{system}/routingd.socket", f"{system}/routingd.service"],
                       capture_output=True, text=True, env=manpath)
    check("systemd-analyze verify prints nothing for the system units",
          p.returncode == 0 and p.stdout == "" and p.stderr == "", p.stdout + p.stderr)
    runtime = os.path.join(tmp, "xdg-runtime")
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    p = subprocess.run(["systemd-analyze", "--user", "verify"] + man + [f"{user}/routingd.socket", f"{user}/routingd.service"],
                       capture_output=True, text=True, env=dict(manpath, XDG_RUNTIME_DIR=runtime))
    check("systemd-analyze --user verify prints nothing for the user units",
          p.returncode == 0 and p.stdout == "" and p.stderr == "", p.stdout + p.stderr)
    for scope, unit, limit in (("system", f"{system}/routingd.service", 1.5), ("user", f"{user}/routingd.service", None)):
        args = ["systemd-analyze"] + (["--user"] if scope == "user" else []) + ["security", "--offline=true", unit]
        p = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ, XDG_RUNTIME_DIR=runtime))
        line = next((l for l in p.stdout.splitlines() if "Overall exposure level" in l), "")
        try:
            exposure = float(line.split(":", 1)[1].split()[0])
        except (IndexError, ValueError):
            exposure = None
        if limit is not None:
            check(f"systemd-analyze security: {scope} service exposure {exposure} <= {limit}",
                  exposure is not None and exposure <= limit, p.stdout[-2000:] + p.stderr)
        else:
            print(f"info {scope} service exposure {exposure}")
    env["PREFIX"] = prefix
    p = subprocess.run(["bash", "scripts/install", "uninstall"], cwd=ROOT, env=env, capture_output=True, text=True)
    check("uninstall from the scratch PREFIX", p.returncode == 0, p.stdout + p.stderr)


def access_control(tmp):
    print("-- access control (SO_PEERCRED) with a second user")
    if os.geteuid() != 0:
        print("skip not root: no second user can be made")
        return
    if subprocess.run(["id", "-u", PEER_USER], capture_output=True).returncode != 0:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PEER_USER], check=True)
    uid = int(subprocess.run(["id", "-u", PEER_USER], capture_output=True, text=True, check=True).stdout)
    gid = int(subprocess.run(["id", "-g", PEER_USER], capture_output=True, text=True, check=True).stdout)
    directory = os.path.join(tmp, "shared")
    os.makedirs(directory)
    os.chmod(tmp, 0o755)
    os.chmod(directory, 0o755)
    sock = os.path.join(directory, "org.routingd.Directions")
    daemon = subprocess.Popen([ROUTINGD, "--coverage", COVERAGE, "--socket", sock, "--socket-mode", "0666"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: os.path.exists(sock), 4.0, 0.02)
        check("--socket-mode 0666 gives the socket file that mode", os.stat(sock).st_mode & 0o777 == 0o666,
              oct(os.stat(sock).st_mode))
        script = os.path.join(tmp, "peer.py")
        with open(script, "w") as f:
            f.write(
                "import json, socket, sys\n"
                "def call(method, parameters):\n"
                "    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
                "    s.settimeout(10)\n"
                "    s.connect(sys.argv[1])\n"
                "    s.sendall(json.dumps({'method': method, 'parameters': parameters}).encode() + b'\\0')\n"
                "    data = b''\n"
                "    while not data.endswith(b'\\0'):\n"
                "        chunk = s.recv(65536)\n"
                "        if not chunk: break\n"
                "        data += chunk\n"
                "    return json.loads(data.rstrip(b'\\0'))\n"
                "print(json.dumps({\n"
                "    'set': call('org.routingd.Directions.SetCurrentLocation', {'latitude': 1.0, 'longitude': 2.0}),\n"
                "    'clear': call('org.routingd.Directions.ClearCurrentLocation', {}),\n"
                "    'get': call('org.routingd.Directions.GetCurrentLocation', {}),\n"
                f"    'resolve': call('org.routingd.Directions.Resolve', {{'url': {BIG_BEN!r}}}),\n"
                "}))\n")
        os.chmod(script, 0o644)
        p = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(gid), "--clear-groups",
                            "/usr/bin/python3", script, sock], capture_output=True, text=True, timeout=60)
        try:
            replies = json.loads(p.stdout)
        except ValueError:
            replies = {}
        check("another uid gets PermissionDenied for SetCurrentLocation",
              replies.get("set", {}).get("error") == "org.routingd.Directions.PermissionDenied"
              and "message" in replies.get("set", {}).get("parameters", {}), p.stdout + p.stderr)
        check("and for ClearCurrentLocation",
              replies.get("clear", {}).get("error") == "org.routingd.Directions.PermissionDenied", p.stdout)
        check("its GetCurrentLocation works", replies.get("get") == {"parameters": {"location": None}}, p.stdout)
        check("its Resolve works", "apps" in replies.get("resolve", {}).get("parameters", {}), p.stdout[:300])
        p = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(gid), "--clear-groups",
                            os.path.join(BIN, "routingctl"), "--socket", sock, "location", "set", "51.5", "-0.12"],
                           capture_output=True, text=True, timeout=60)
        check("routingctl as that user says why it was refused",
              p.returncode != 0 and "allowed only to root and uid" in p.stderr, p.stdout + p.stderr)
        reply = raw_call(sock, "org.routingd.Directions.SetCurrentLocation", {"latitude": 51.5, "longitude": -0.12})
        check("root may change state", reply == {"parameters": {}}, str(reply))
    finally:
        daemon.send_signal(signal.SIGTERM)
        wait_exit(daemon)
    stderr = daemon.stderr.read()
    check("a refused call is one log line naming the uid and the method",
          f"refused SetCurrentLocation from uid {uid}" in stderr, stderr)


def install(tmp):
    print("-- install (DESTDIR, static Swift runtime, uninstall)")
    destdir = os.path.join(tmp, "root")
    env = dict(os.environ, DESTDIR=destdir, PREFIX="/usr", SCRATCH_PATH=STATIC_SCRATCH)
    p = subprocess.run(["bash", "scripts/install"], cwd=ROOT, env=env, capture_output=True, text=True)
    check("scripts/install with DESTDIR builds with --static-swift-stdlib and installs",
          p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:])
    if p.returncode != 0:
        return
    routingd = os.path.join(destdir, "usr/bin/routingd")
    expected = [
        "usr/bin/routingd", "usr/bin/routingctl",
        "usr/lib/systemd/system/routingd.socket", "usr/lib/systemd/system/routingd.service",
        "usr/lib/systemd/user/routingd.socket", "usr/lib/systemd/user/routingd.service",
        "usr/lib/sysusers.d/routingd.conf",
        "usr/share/routingd/interfaces/org.routingd.Directions.varlink",
        "usr/share/routingd/interfaces/org.routingd.Coverage.varlink",
        "usr/share/routingd/coverage/London.geojson",
    ]
    missing = [e for e in expected if not os.path.isfile(os.path.join(destdir, e))]
    check("binaries, units, sysusers, interface files and coverage are installed", not missing, str(missing))
    for exe in ("routingd", "routingctl"):
        ldd = subprocess.run(["ldd", os.path.join(destdir, "usr/bin", exe)], capture_output=True, text=True).stdout
        check(f"ldd {exe} shows no libswift", "libswift" not in ldd and "libFoundation" not in ldd, ldd)
    clean_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    hide = []
    if os.geteuid() == 0 and shutil.which("unshare") and os.path.isdir("/opt/swift"):
        # A private mount namespace with an empty /opt/swift: the toolchain's libraries are gone.
        hide = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                'mount -t tmpfs none /opt/swift && exec "$@"', "sh"]
    p = subprocess.run(hide + [routingd, "--version"], capture_output=True, text=True, env=clean_env)
    check("the installed routingd runs --version without the toolchain's libraries"
          + (" (/opt/swift hidden)" if hide else ""), p.returncode == 0 and p.stdout.startswith("routingd "),
          p.stdout + p.stderr)
    sock = os.path.join(tmp, "installed.sock")
    coverage = os.path.join(destdir, "usr/share/routingd/coverage")
    daemon = subprocess.Popen(hide + [routingd, "--coverage", coverage, "--socket", sock],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=clean_env)
    try:
        for _ in range(300):
            if os.path.exists(sock) or daemon.poll() is not None:
                break
            time.sleep(0.02)
        reply = raw_call(sock, "org.routingd.Directions.Resolve", {"url": BIG_BEN}) if os.path.exists(sock) else None
        check("the installed routingd serves a call", reply is not None and "apps" in reply.get("parameters", {}),
              str(reply)[:300])
        description = raw_call(sock, "org.varlink.service.GetInterfaceDescription", {"interface": "org.routingd.Directions"})
        with open(os.path.join(destdir, "usr/share/routingd/interfaces/org.routingd.Directions.varlink")) as f:
            installed = f.read()
        check("the installed interface file is what the daemon serves",
              description is not None and installed.rstrip("\n") == description["parameters"]["description"].rstrip("\n"))
    finally:
        daemon.send_signal(signal.SIGTERM)
        wait_exit(daemon)
    p = subprocess.run(["bash", "scripts/install", "uninstall"], cwd=ROOT, env=env, capture_output=True, text=True)
    left = [os.path.join(d, f) for d, _, files in os.walk(destdir) for f in files]
    check("uninstall leaves no file (only empty parent directories)", p.returncode == 0 and not left,
          p.stdout + p.stderr + str(left))


def main():
    tmp = tempfile.mkdtemp(prefix="routingd-service-")
    try:
        socket_activation(tmp)
        idle_exit(tmp)
        socket_file_safety(tmp)
        access_control(tmp)
        install(tmp)  # builds with --static-swift-stdlib (in .build/static), which units() installs again
        units(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"service checks: {check.passed} passed, {check.failed} failed")
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
