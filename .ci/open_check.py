#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""End-to-end checks of `routingctl open`, the desktop URL handler, on the release binaries.

Writes a temporary apps directory of manifests (Paris on foot, London transit, the Bay Area with
Apple links, Sydney with OpenStreetMap links, New York, Rio with no Exec (xdg-open of a geo: link),
a low-priority Europe-wide car app with Google links) and a bare coverage file (Amsterdam, no
launch command), then:

- runs `routingctl open --offline --dry-run --json` on links from ../shared/corpus/urls/cases.tsv
  (read in place), each with a current location near its destination, and asserts the expected app
  and the exact argv (for link-format apps the link must be what `routingctl link --format` writes);
- checks the shell-quoted `--dry-run` line splits back (shlex) into the same argv;
- runs the same links through a real `routingd --apps DIR` (current location set over the socket)
  and asserts the same app and argv;
- launches `/bin/echo %u` (no --dry-run) on links crafted with `;`, `$(…)`, backticks, quotes,
  spaces and percent-encoded newlines: echo prints each link back as one argument and the marker
  file those links try to create never appears;
- an app without Exec runs `xdg-open LINK`; when the link comes back to `routingctl open` (a
  stand-in xdg-open plays routingd-open.desktop as the handler) it is refused with exit 4, no loop;
- `--choose` on a pseudo-terminal lists the eligible apps and opens the one picked.
Usage: open_check.py BIN_DIR SHARED_DIR
"""
import csv
import json
import os
import pty
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from checklib import Tally, wait_for

BIN = os.path.abspath(sys.argv[1])
SHARED = sys.argv[2]
CTL = os.path.join(BIN, "routingctl")
CASES = os.path.join(SHARED, "corpus", "urls", "cases.tsv")

check = Tally(show_passes=False, detail_limit=800)


def box(west, south, east, north):
    ring = [[west, south], [east, south], [east, north], [west, north], [west, south]]
    return json.dumps({"type": "MultiPolygon", "coordinates": [[ring]]}) + "\n"


ALL_MODES = "Car;Pedestrian;Bus;Train;Subway;StreetCar;Ferry;Bike;Plane;RideShare;Taxi;Other;"

APPS = {
    # file name: (manifest text, coverage file name, coverage)
    "paris-walk": ("Id=org.example.ParisWalk\nName=Paris Walk\nModes=Pedestrian;Bike;\n"
                   "Exec=/bin/echo paris-walk --from=%s --to=%d --mode=%m\n",
                   "paris.geojson", box(2.05, 48.65, 2.65, 49.05)),
    "london-transit": ("Id=org.example.LondonTransit\nName=London Transit\nModes=Bus;Subway;Train;Pedestrian;\n"
                       "Exec=/bin/echo london --to=%d --mode=%m\nPriority=1\n",
                       "london.geojson", box(-0.6, 51.2, 0.4, 51.75)),
    "bay-area": ("Id=org.example.BayArea\nName=Bay Area\nModes=" + ALL_MODES + "\n"
                 "Exec=/bin/echo bay %u\nLinkFormat=apple\n",
                 "bayarea.geojson", box(-122.6, 37.6, -122.1, 37.95)),
    "sydney": ("Id=org.example.Sydney\nName=Sydney\nModes=" + ALL_MODES + "\n"
               "Exec=/bin/echo sydney %u\nLinkFormat=osm\n",
               "sydney.geojson", box(150.9, -34.1, 151.4, -33.6)),
    "nyc": ("Id=org.example.NYC\nName=New York\nModes=" + ALL_MODES + "\n"
            "Exec=/bin/echo nyc %s %d %m\n",
            "nyc.geojson", box(-74.3, 40.5, -73.7, 40.95)),
    "rio": ("Id=org.example.Rio\nName=Rio\nModes=" + ALL_MODES + "\nLinkFormat=geo\n",
            "rio.geojson", box(-43.8, -23.1, -43.1, -22.7)),
    "europe-drive": ("Id=org.example.EuropeDrive\nName=Europe Drive\nModes=Car;Pedestrian;\n"
                     "Exec=/bin/echo europe %u\nLinkFormat=google\nPriority=-1\n",
                     "europe.geojson", box(-10, 35, 40, 60)),
}

# Corpus id → (current location, expected app id, expected argv; "LINK:FORMAT" stands for the link
# `routingctl link --format FORMAT` writes for that URL).
CASES_EXPECTED = {
    "B01": ("-22.95,-43.2", "org.example.Rio", ["xdg-open", "LINK:geo"]),
    "B03": ("52.37,4.89", "org.example.EuropeDrive", ["/bin/echo", "europe", "LINK:google"]),
    "B07": ("48.85,2.35", "org.example.ParisWalk", ["/bin/echo", "paris-walk", "--from=48.85,2.35", "--to=48.8584,2.2945"]),
    "B12": ("37.8,-122.45", "org.example.BayArea", ["/bin/echo", "bay", "LINK:apple"]),
    "B16": ("48.85,2.35", "org.example.ParisWalk", ["/bin/echo", "paris-walk", "--from=48.85,2.35", "--to=48.8584,2.2945"]),
    "B20": ("48.85,2.35", "org.example.ParisWalk", ["/bin/echo", "paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376"]),
    "B24": ("-33.87,151.21", "org.example.Sydney", ["/bin/echo", "sydney", "LINK:osm"]),
    "B26": ("51.5,-0.12", "org.example.EuropeDrive", ["/bin/echo", "europe", "LINK:google"]),
    "B28": ("37.8,-122.45", "org.example.BayArea", ["/bin/echo", "bay", "LINK:apple"]),
    "B31": ("40.75,-73.99", "org.example.NYC", ["/bin/echo", "nyc", "40.75,-73.99", "40.758,-73.9855"]),
    "B33": ("55.75,37.62", "org.example.EuropeDrive", ["/bin/echo", "europe", "LINK:google"]),
    "B34": ("48.85,2.35", "org.example.ParisWalk",
            ["/bin/echo", "paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376", "--mode=Pedestrian"]),
    "B42": ("37.78,-122.42", "org.example.BayArea", ["/bin/echo", "bay", "LINK:apple"]),
    "D04": ("51.5,-0.12", "org.example.LondonTransit", ["/bin/echo", "london", "--to=51.5081,-0.0759"]),
    "D06": ("48.85,2.35", "org.example.ParisWalk",
            ["/bin/echo", "paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376", "--mode=Pedestrian"]),
}
# Rows no app can open: exit 3, every app explained.
CASES_NOTHING = {"B10": "48.85,2.35", "B41": "40.78,-73.97"}


def run(args, env, **kw):
    return subprocess.run([CTL] + args, capture_output=True, text=True, timeout=60, env=env, **kw)


def expected_argv(argv, url, env):
    out = []
    for element in argv:
        if element.startswith("LINK:"):
            p = run(["link", "--format", element[5:], "--", url], env)
            out.append(p.stdout.strip() if p.returncode == 0 else f"<link failed: {p.stderr.strip()}>")
        else:
            out.append(element)
    return out


def main():
    if not os.path.isfile(CASES):
        print(f"open: SKIPPED, {CASES} not found (shared/ is not beside the checkout)")
        return 0
    with open(CASES, newline="", encoding="utf-8") as f:
        urls = {row["id"]: row["input_url"] for row in csv.DictReader(f, delimiter="\t")}

    tmp = tempfile.mkdtemp(prefix="routingd-open-")
    try:
        apps = os.path.join(tmp, "apps")
        coverage = os.path.join(tmp, "coverage")
        xdg = os.path.join(tmp, "xdg")
        for d in (apps, coverage, xdg):
            os.mkdir(d)
        for name, (manifest, cov_name, cov) in APPS.items():
            with open(os.path.join(apps, name + ".routingapp"), "w") as f:
                f.write("[Routing App]\n" + manifest + f"Coverage={cov_name}\n")
            with open(os.path.join(apps, cov_name), "w") as f:
                f.write(cov)
        with open(os.path.join(coverage, "Amsterdam.geojson"), "w") as f:
            f.write(box(4.7, 52.28, 5.07, 52.43))
        env = dict(os.environ, XDG_DATA_HOME=xdg)
        offline = ["open", "--offline", "--apps", apps, "--coverage", coverage]

        # 1. Corpus links, in-process.
        expectations = {}
        for cid, (here, app, argv) in CASES_EXPECTED.items():
            url = urls[cid]
            want = expected_argv(argv, url, env)
            expectations[cid] = (here, app, want)
            p = run(offline + ["--current-location", here, "--dry-run", "--json", "--", url], env)
            try:
                got = json.loads(p.stdout) if p.returncode == 0 else {}
            except ValueError:
                got = {}
            check(f"{cid} opens {app}", p.returncode == 0 and got.get("app") == app, (p.returncode, p.stdout, p.stderr))
            check(f"{cid} argv", got.get("argv") == want, (got.get("argv"), want))
            line = run(offline + ["--current-location", here, "--dry-run", "--", url], env)
            check(f"{cid} --dry-run line splits back into the argv", shlex.split(line.stdout) == want, (line.stdout, want))
        skipped = run(offline + ["--current-location", "52.37,4.89", "--dry-run", "--", urls["B03"]], env)
        check("B03: the bare Amsterdam coverage is eligible first and skipped with a note",
              "skipping Amsterdam: Amsterdam has no launch command" in skipped.stderr, skipped.stderr)
        for cid, here in CASES_NOTHING.items():
            p = run(offline + ["--current-location", here, "--dry-run", "--", urls[cid]], env)
            check(f"{cid}: no app can open it, exit 3", p.returncode == 3 and p.stdout == "", (p.returncode, p.stdout, p.stderr))
            check(f"{cid}: every app explained",
                  all(f"  {a}: " in p.stderr for a in ["Amsterdam"] + [m.split("\n")[0][3:] for m, _, _ in APPS.values()]),
                  p.stderr)

        # 2. The same links through the daemon.
        daemon_checks(apps, coverage, env, urls, expectations)

        # 3. Crafted links launch nothing extra.
        marker = os.path.join(tmp, "marker")
        echo_apps = os.path.join(tmp, "echo-apps")
        os.mkdir(echo_apps)
        with open(os.path.join(echo_apps, "echo.routingapp"), "w") as f:
            f.write("[Routing App]\nName=Echo\nModes=" + ALL_MODES + "\nCoverage=paris.geojson\nExec=/bin/echo %u\n")
        with open(os.path.join(echo_apps, "paris.geojson"), "w") as f:
            f.write(box(2.05, 48.65, 2.65, 49.05))
        crafted = [
            f"geo:48.8584,2.2945?q=48.8584,2.2945($(touch {marker});`touch {marker}`)",
            f"geo:48.8584,2.2945?q=48.8584,2.2945(a'b\"c; touch {marker} #)",
            f"geo:48.8584,2.2945?q=48.8584,2.2945(x%0Atouch%20{marker})",
            f"om://route?dll=48.8584,2.2945&daddr=a;b$(touch {marker})`touch {marker}`\"q'&type=pedestrian",
            f"https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945&x=$(touch%20{marker})|touch%20{marker}&y=';touch {marker};'",
        ]
        for link in crafted:
            p = run(["open", "--offline", "--apps", echo_apps, "--coverage", coverage,
                     "--current-location", "48.85,2.35", "--", link], env, cwd=tmp)
            check(f"crafted link is echoed back as one argument: {link}", p.returncode == 0 and p.stdout == link + "\n",
                  (p.returncode, p.stdout, p.stderr))
            check(f"crafted link created no marker: {link}", not os.path.exists(marker))

        # 4. An app without Exec is started as `xdg-open LINK`; with routingd as the handler of the
        # scheme (a stand-in xdg-open that hands the link to `routingctl open`, as the desktop would),
        # the link comes back once and is refused (exit 4) instead of looping.
        fake_bin = os.path.join(tmp, "bin")
        os.mkdir(fake_bin)
        with open(os.path.join(fake_bin, "xdg-open"), "w") as f:
            f.write("#!/bin/sh\n# stand-in for xdg-open with routingd-open.desktop as the geo: handler\n"
                    f"exec {shlex.quote(CTL)} open --offline --apps {shlex.quote(apps)} --coverage {shlex.quote(coverage)} "
                    "--current-location -22.95,-43.2 \"$1\"\n")
        os.chmod(os.path.join(fake_bin, "xdg-open"), 0o755)
        loop_env = dict(env, PATH=fake_bin + os.pathsep + env.get("PATH", ""))
        p = run(offline + ["--current-location", "-22.95,-43.2", "--", urls["B01"]], loop_env)
        check("xdg-open LINK handed back to routingctl open is refused (exit 4), no loop",
              p.returncode == 4 and "would loop" in p.stderr, (p.returncode, p.stderr))

        # 5. --choose on a terminal.
        choose_check(apps, coverage, env, urls)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"open: {check.passed} checks passed, {check.failed} failed")
    return 1 if check.failed else 0


def daemon_checks(apps, coverage, env, urls, expectations):
    sock_dir = tempfile.mkdtemp(prefix="routingd-open-sock-")
    path = os.path.join(sock_dir, "org.routingd.Directions")
    log = open(os.path.join(sock_dir, "routingd.log"), "w+")
    daemon = subprocess.Popen([os.path.join(BIN, "routingd"), "--socket", path, "--coverage", coverage, "--apps", apps],
                              stdout=log, stderr=log, env=env)
    try:
        wait_for(lambda: os.path.exists(path))
        check("routingd --apps starts", os.path.exists(path))
        if not os.path.exists(path):
            log.seek(0)
            print(log.read())
            return
        for cid, (here, app, want) in expectations.items():
            lat, lon = here.split(",")
            run(["--socket", path, "location", "set", lat, lon], env)
            p = run(["--socket", path, "open", "--dry-run", "--json", "--", urls[cid]], env)
            try:
                got = json.loads(p.stdout) if p.returncode == 0 else {}
            except ValueError:
                got = {}
            check(f"{cid} through the daemon: same app and argv", got.get("app") == app and got.get("argv") == want,
                  (p.returncode, p.stdout, p.stderr, want))
            check(f"{cid} through the daemon: no in-process fallback", "not running" not in p.stderr, p.stderr)
        # Resolve lists only the apps that can serve; with none eligible open asks again with
        # explain, so every app is still explained.
        for cid, here in CASES_NOTHING.items():
            lat, lon = here.split(",")
            run(["--socket", path, "location", "set", lat, lon], env)
            p = run(["--socket", path, "open", "--dry-run", "--", urls[cid]], env)
            check(f"{cid} through the daemon: no app can open it, exit 3", p.returncode == 3, (p.returncode, p.stdout, p.stderr))
            check(f"{cid} through the daemon: every app explained, with its reasons",
                  all(f"  {a}: " in p.stderr for a in ["Amsterdam"] + [m.split("\n")[0][3:] for m, _, _ in APPS.values()])
                  and "    - " in p.stderr, p.stderr)
    finally:
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
        log.close()
        shutil.rmtree(sock_dir, ignore_errors=True)


def choose_check(apps, coverage, env, urls):
    """Paris on foot: Paris Walk and Europe Drive are eligible; pick the second on a pty."""
    args = [CTL] + ["open", "--offline", "--apps", apps, "--coverage", coverage,
                    "--current-location", "48.85,2.35", "--choose", "--dry-run", "--json=short", "--", urls["B34"]]
    # --json=short: on a terminal --json alone is indented (as systemd's tools do); one line here.
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(CTL, args, env)
    output = b""
    sent = False
    deadline = time.time() + 30
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if not sent and b"Open which" in output:
                os.write(fd, b"2\n")
                sent = True
    _, status = os.waitpid(pid, 0)
    text = output.decode("utf-8", "replace")
    check("--choose lists the eligible apps numbered",
          "1) Paris Walk (org.example.ParisWalk)" in text and "2) Europe Drive (org.example.EuropeDrive)" in text, text)
    check("--choose opens the one picked", '"app":"org.example.EuropeDrive"' in text and os.WEXITSTATUS(status) == 0,
          (os.WEXITSTATUS(status), text))


if __name__ == "__main__":
    sys.exit(main())
