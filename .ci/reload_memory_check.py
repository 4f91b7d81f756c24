#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Usage: .ci/reload_memory_check.py BIN [--reloads N] [--allowance-kib K]

Resident memory does not grow over reloads (issue 18): starts BIN/routingd over the sample apps
(Coverage/, manifests and coverage files), waits for READY=1 on a NOTIFY_SOCKET, reloads 50 times to
reach a steady state, reads VmRSS, then reloads N times (3,000 by default) with Reload() over one
varlink connection and reads VmRSS again. Fails when it grew by more than K KiB (256 by default
over 3,000 reloads: 76-80 KiB of allocator noise measured; the closure thunk that stayed alive at
every reload until 2026-12-06 gave +920 KiB, and a leaked registry per reload would show as
megabytes). Also reports the resident memory at rest, split into anonymous memory (the heap and
other private pages: what the daemon itself holds) and file-backed pages (the program's and the
shared libraries' code and constant data, shared with other processes and reclaimable), and the
median reload time. BIN may be the static build (`scripts/install build`: .build/static/release).
"""

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import Tally  # noqa: E402  (also isolates XDG_STATE_HOME)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELOAD = b'{"method":"org.routingd.Directions.Reload"}\0'


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def rss_kib(pid):
    return status_kib(pid, "VmRSS")


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n")[0][7:])
    parser.add_argument("bin")
    parser.add_argument("--reloads", type=int, default=3000)
    parser.add_argument("--allowance-kib", type=int, default=256)
    args = parser.parse_args()
    check = Tally()
    coverage = os.path.join(ROOT, "Coverage")
    with tempfile.TemporaryDirectory(prefix="routingd-reload-memory-") as work:
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(os.path.join(work, "notify"))
        notify.settimeout(30)
        sock = os.path.join(work, "socket")
        env = dict(os.environ, NOTIFY_SOCKET=os.path.join(work, "notify"), XDG_DATA_HOME=os.path.join(work, "data"))
        daemon = subprocess.Popen(
            [os.path.join(args.bin, "routingd"), "--apps", coverage, "--coverage", coverage, "--socket", sock],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while b"READY=1" not in notify.recv(4096).split(b"\n"):
                pass
            # Every reload sends RELOADING=1 and READY=1: unread, they would fill the socket's
            # buffer and block the daemon. Gone, each send fails at once (logged).
            notify.close()
            os.unlink(os.path.join(work, "notify"))
            time.sleep(0.3)
            rest = rss_kib(daemon.pid)
            print(f"resident at rest with the 3 samples: {rest / 1024:.1f} MiB "
                  f"({status_kib(daemon.pid, 'RssAnon') / 1024:.1f} MiB anonymous, "
                  f"{status_kib(daemon.pid, 'RssFile') / 1024:.1f} MiB file-backed)")
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            client.settimeout(30)
            client.connect(sock)
            buffer = b""
            times = []

            def reload():
                nonlocal buffer
                started = time.monotonic()
                client.sendall(RELOAD)
                while b"\0" not in buffer:
                    chunk = client.recv(65536)
                    if not chunk:
                        raise RuntimeError("the daemon closed the connection")
                    buffer += chunk
                reply, buffer = buffer.split(b"\0", 1)
                times.append(time.monotonic() - started)
                if b'"error"' in reply:
                    raise RuntimeError(reply.decode())

            for _ in range(50):
                reload()
            before = rss_kib(daemon.pid)
            times.clear()
            for _ in range(args.reloads):
                reload()
            after = rss_kib(daemon.pid)
            client.close()
            print(f"{args.reloads} reloads: median {statistics.median(times) * 1000:.2f} ms; "
                  f"VmRSS {before} KiB after 50 reloads, {after} KiB after {args.reloads} more ({after - before:+d} KiB)")
            check(f"resident memory grows by at most {args.allowance_kib} KiB over {args.reloads} reloads",
                  after - before <= args.allowance_kib, f"{before} -> {after} KiB")
            check("the daemon still runs", daemon.poll() is None)
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
    print(f"{check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
