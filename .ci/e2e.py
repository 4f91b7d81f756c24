#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""End-to-end checks of routingd through its real Unix socket.

Starts the release `routingd` on a temporary socket with the repository's Coverage/ samples and
talks to it with the reference Python varlink client (`pip install varlink`), with raw bytes, and
through `routingctl`, then checks `routingctl contains` and `routingctl validate --fix` (dry run,
in-place fix through a symbolic link with mode and link kept, idempotence, refusals, exit statuses,
no temporary file left) on fixtures written here. Usage: e2e.py BIN_DIR (the folder holding routingd
and routingctl).

Directions links (issue 4): Resolve lenient vs strict on one repaired link, warnings in the reply and
on routingctl's standard error, DecideApps, BuildLink round trips in every format routingctl lists,
a bad Request naming its field, routingctl link, .mkdirectionsrequest files and
--current-location-literals files.

Routing apps and hot reload (issue 5): a second daemon on a temporary copy of Coverage/ and a
temporary apps directory. A coverage file rewritten into an invalid one keeps its last good version
in service (Resolve still finds the app eligible) while ListApps, routingctl apps and the log report
the error at file:line:column; the repair brings it back. A manifest added while the daemon runs
is picked up by inotify; SIGHUP and Reload() reload; Coverage.Contains answers per app.
"""
import json
import os
import plistlib
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import varlink

from checklib import Tally, exchange, wait_for

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIG_BEN = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"
EIFFEL = "http://maps.apple.com/?daddr=48.8584,2.2945&dirflg=w"

check = Tally()


def raw_call(path, payload: bytes, timeout=5.0):
    """Sends raw bytes, returns the first NUL-terminated reply (decoded JSON) or None on EOF."""
    return exchange(path, payload, timeout)


def ctl(*args, socket_path=None):
    cmd = [os.path.join(BIN, "routingctl")]
    if socket_path:
        cmd += ["--socket", socket_path]
    cmd += list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def main():
    tmp = tempfile.mkdtemp(prefix="routingd-e2e-")
    path = os.path.join(tmp, "run", "org.routingd.Directions")
    log = open(os.path.join(tmp, "routingd.log"), "w+")
    daemon = subprocess.Popen(
        [os.path.join(BIN, "routingd"), "--socket", path, "--coverage", os.path.join(ROOT, "Coverage")],
        stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        wait_for(lambda: os.path.exists(path))
        check("daemon creates its socket", os.path.exists(path))
        check("socket mode is 0600", oct(os.stat(path).st_mode & 0o777) == "0o600", oct(os.stat(path).st_mode & 0o777))

        client = varlink.Client("unix:" + path)

        # org.varlink.service through the reference client.
        with client.open("org.varlink.service") as svc:
            info = svc.GetInfo()
            check("GetInfo names the product", info.get("product") == "routingd", info)
            for iface in ("org.varlink.service", "org.routingd.Directions", "org.routingd.Coverage"):
                check(f"GetInfo lists {iface}", iface in info.get("interfaces", []), info)
            desc = svc.GetInterfaceDescription("org.routingd.Directions")["description"]
            check("GetInterfaceDescription returns the IDL", desc.lstrip().startswith("#") and "interface org.routingd.Directions" in desc)
            # The reference client's IDL scanner must accept every interface we serve.
            for iface in info["interfaces"]:
                text = svc.GetInterfaceDescription(iface)["description"]
                try:
                    varlink.Interface(text)
                    check(f"IDL of {iface} parses with the reference scanner", True)
                except Exception as e:  # noqa: BLE001
                    check(f"IDL of {iface} parses with the reference scanner", False, repr(e))
            try:
                svc.GetInterfaceDescription("org.example.nope")
                check("unknown interface gives InterfaceNotFound", False)
            except varlink.InterfaceNotFound:
                check("unknown interface gives InterfaceNotFound", True)

        with client.open("org.routingd.Directions") as d:
            d.ClearCurrentLocation()
            check("current location starts unknown", d.GetCurrentLocation().get("location") is None)
            reply = d.Resolve(BIG_BEN)
            london = [a for a in reply["apps"] if a["id"] == "London"]
            check("London is undetermined without a current location",
                  london and london[0].get("eligible") is None, reply)

            # The request's own location decides that request only, and is never stored.
            here = {"latitude": 51.500543, "longitude": -0.135702, "accuracy": 20, "source": "geoclue2"}
            reply = d.Resolve(url=BIG_BEN, currentLocation=here)
            london = [a for a in reply["apps"] if a["id"] == "London"]
            check("Resolve with currentLocation decides London eligible", london and london[0].get("eligible") is True, reply)
            check("the reply says the request's location decided",
                  reply.get("currentLocation", {}).get("origin") == "request"
                  and reply["currentLocation"].get("source") == "geoclue2", reply)
            check("currentLocation is not stored", d.GetCurrentLocation().get("location") is None)
            try:
                d.Resolve(url=BIG_BEN, currentLocation={"latitude": 91, "longitude": 0})
                check("currentLocation latitude 91 is InvalidParameter", False)
            except varlink.VarlinkError as e:
                check("currentLocation latitude 91 is InvalidParameter",
                      e.error() == "org.varlink.service.InvalidParameter"
                      and e.parameters().get("parameter") == "currentLocation.latitude", e.as_dict())

            d.SetCurrentLocation(51.500543, -0.135702)  # Westminster Abbey
            loc = d.GetCurrentLocation()["location"]
            check("SetCurrentLocation is kept", abs(loc["latitude"] - 51.500543) < 1e-12 and abs(loc["longitude"] + 0.135702) < 1e-12, loc)
            check("GetCurrentLocation says when it was set (ISO 8601 UTC) and whose it is",
                  loc.get("origin") == "daemon" and len(loc.get("setAt", "")) == 20 and loc["setAt"].endswith("Z"), loc)

            reply = d.Resolve(BIG_BEN)
            req = reply["request"]
            check("source is the current location", req["source"]["kind"] == "currentLocation", req)
            check("destination is Big Ben", req["destination"]["kind"] == "coordinate"
                  and req["destination"]["latitude"] == 51.500652 and req["destination"]["longitude"] == -0.124833, req)
            check("mode is Pedestrian", req.get("mode") == "Pedestrian", req)
            apps = {a["id"]: a for a in reply["apps"]}
            check("London is eligible", apps.get("London", {}).get("eligible") is True, reply)
            check("Resolve lists only the eligible and undetermined apps, and counts the others",
                  "Paris" not in apps and all(a.get("eligible") is not False for a in reply["apps"])
                  and reply.get("ineligible") == 2, reply)
            explained = d.Resolve(url=BIG_BEN, explain=True)
            apps = {a["id"]: a for a in explained["apps"]}
            check("Paris is not eligible (explain)", apps.get("Paris", {}).get("eligible") is False
                  and apps["Paris"].get("reasons"), explained)
            check("explain lists every app, the ruled-out ones last",
                  len(explained["apps"]) == 3 and explained["apps"][0]["id"] == "London"
                  and explained.get("ineligible") == 2, explained)
            one = d.Resolve(url=BIG_BEN, appId="Paris")
            check("appId gives one app's verdict", [a["id"] for a in one["apps"]] == ["Paris"]
                  and one["apps"][0].get("eligible") is False and one.get("ineligible") == 1, one)
            try:
                d.Resolve(url=BIG_BEN, appId="Nowhere")
                check("an unknown appId is NoSuchApp", False)
            except varlink.VarlinkError as e:
                check("an unknown appId is NoSuchApp",
                      e.error() == "org.routingd.Directions.NoSuchApp" and e.parameters().get("appId") == "Nowhere"
                      and "Nowhere" in e.parameters().get("message", ""), e.as_dict())

            reply = d.Resolve(url=EIFFEL, explain=True)
            apps = {a["id"]: a for a in reply["apps"]}
            london = apps.get("London", {})
            check("London is not eligible for a Paris destination", london.get("eligible") is False, london)
            check("its reason names the destination",
                  any(r.get("endpoint") == "destination" and "destination" in r["message"] for r in london.get("reasons", [])), london)

            try:
                d.Resolve("http://maps.apple.com/?daddr=91,0")
                check("latitude 91 is an InvalidURL error", False)
            except varlink.VarlinkError as e:
                err = e.error()
                check("latitude 91 is an InvalidURL error", err == "org.routingd.Directions.InvalidURL", e.as_dict())
                params = e.parameters()
                check("the error names the parameter", params.get("parameter") == "daddr", params)

            try:
                d.SetCurrentLocation(95.0, 0.0)
                check("latitude 95 is refused", False)
            except varlink.VarlinkError as e:
                check("latitude 95 is refused", e.error() == "org.routingd.Directions.InvalidLocation", e.as_dict())

        # An unknown method must reach the daemon: declare it in a copy of the interface.
        fake = varlink.Interface(desc + "\nmethod NoSuchMethod() -> ()\n")
        client.add_interface(fake)
        with client.open("org.routingd.Directions") as d:
            try:
                d.NoSuchMethod()
                check("unknown method gives MethodNotFound", False)
            except varlink.VarlinkError as e:
                check("unknown method gives MethodNotFound", e.error() == "org.varlink.service.MethodNotFound", e.as_dict())
                check("MethodNotFound names the method",
                      e.parameters().get("method") == "org.routingd.Directions.NoSuchMethod", e.as_dict())

        with client.open("org.routingd.Coverage") as c:
            reply = c.Validate('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}', "wrapped.geojson")
            check("Validate rejects a Polygon", reply["valid"] is False and reply["diagnostics"], reply)
            first = reply["diagnostics"][0]
            check("diagnostics carry line, column, rule, hint",
                  all(k in first for k in ("line", "column", "rule", "hint", "severity", "message")), first)
            good = c.Validate('{"type":"MultiPolygon","coordinates":[[[[2.25,48.8],[2.45,48.8],[2.45,48.92],[2.25,48.92],[2.25,48.8]]]]}')
            area = good.get("area") or {}
            check("Validate describes a valid document's area, as validate --json does",
                  good["valid"] is True and len(area.get("boundingBox", [])) == 4 and area.get("squareKilometres", 0) > 100
                  and "Paris" in area.get("summary", "") and area.get("largestPlaces", [{}])[0].get("countryCode") == "FR", good)
            check("an invalid document has no area", "area" not in reply or reply["area"] is None, reply)

        # Garbage, wrong shapes and an unknown interface on the raw socket: error replies, daemon keeps serving.
        for name, payload in [
            ("garbage bytes", b"\x01\x02not json\0"),
            ("JSON that is not an object", b"[1,2]\0"),
            ("an object without method", b'{"parameters":{}}\0'),
            ("parameters that are not an object", b'{"method":"org.routingd.Directions.ListApps","parameters":[]}\0'),
        ]:
            reply = raw_call(path, payload)
            check(f"{name} gets a varlink error", reply is not None and "error" in reply, reply)
        reply = raw_call(path, b'{"method":"org.example.Nope.Call"}\0')
        check("unknown interface on the wire gives InterfaceNotFound",
              reply and reply.get("error") == "org.varlink.service.InterfaceNotFound", reply)
        reply = raw_call(path, b'{"method":"org.routingd.Directions.Nope"}\0')
        check("unknown method on the wire gives MethodNotFound",
              reply and reply.get("error") == "org.varlink.service.MethodNotFound", reply)

        # A parameter the IDL does not declare, at any depth: InvalidParameter naming its path.
        for name, parameters, expected in [
            ("'strcit' in Resolve", {"url": "geo:48.8584,2.2945", "strcit": True}, "strcit"),
            ("'request.destination.lattitude' in DecideApps",
             {"request": {"destination": {"kind": "coordinate", "lattitude": 48.8, "longitude": 2.3}}},
             "request.destination.lattitude"),
        ]:
            method = "Resolve" if "url" in parameters else "DecideApps"
            reply = raw_call(path, json.dumps({"method": "org.routingd.Directions." + method,
                                               "parameters": parameters}).encode() + b"\0")
            check(f"unknown parameter {name} gives InvalidParameter naming it",
                  reply and reply.get("error") == "org.varlink.service.InvalidParameter"
                  and reply.get("parameters", {}).get("parameter") == expected, reply)

        # A silent client holding a half message does not delay others.
        silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        silent.connect(path)
        silent.sendall(b'{"method":"org.routingd.Directions.Li')
        start = time.monotonic()
        reply = raw_call(path, b'{"method":"org.routingd.Directions.ListApps"}\0', timeout=10)
        check("a silent client does not block others", reply and "parameters" in reply, reply)
        silent.close()

        # routingctl against the daemon, and offline, must agree.
        rc, out, err = ctl("location", "set", "51.500543", "-0.135702", socket_path=path)
        check("routingctl location set", rc == 0, err)
        rc, out, err = ctl("resolve", "--json", BIG_BEN, socket_path=path)
        check("routingctl resolve --json exits 0", rc == 0, err)
        online = json.loads(out) if rc == 0 else {}
        check("routingctl resolve: London eligible",
              any(a["id"] == "London" and a["eligible"] is True for a in online.get("apps", [])), out)
        check("routingctl resolve prints eligible null explicitly or a bool",
              all("eligible" in a for a in online.get("apps", [])), out)
        # --current-location goes with the request, to the daemon or offline: the same reply.
        rc, out, err = ctl("resolve", "--json", "--current-location", "51.500543,-0.135702", BIG_BEN, socket_path=path)
        given = json.loads(out) if rc == 0 else {}
        check("routingctl resolve --current-location sends it (source command-line)",
              given.get("currentLocation", {}).get("source") == "command-line", out + err)
        rc, out, err = ctl("resolve", "--json", "--offline", "--coverage", "Coverage",
                           "--current-location", "51.500543,-0.135702", BIG_BEN)
        check("offline resolve gives the same reply", rc == 0 and json.loads(out) == given, out + err)
        rc, out, err = ctl("resolve", "--json", "http://maps.apple.com/?daddr=91,0", socket_path=path)
        parsed = json.loads(out) if out.strip() else {}
        check("routingctl resolve of a bad link exits 1 with an error object",
              rc == 1 and parsed.get("error", {}).get("parameter") == "daddr", out + err)
        rc, out, err = ctl("resolve", BIG_BEN, socket_path=path)
        check("routingctl resolve counts the apps ruled out and says how to see why",
              rc == 0 and "London" in out and "Paris" not in out and "2 apps ruled out" in out
              and "routingctl resolve --explain" in out and "--app ID" in out, out + err)
        rc, out, err = ctl("resolve", "--explain", BIG_BEN, socket_path=path)
        check("routingctl resolve --explain lists the ruled-out apps with their reasons",
              rc == 0 and "not eligible" in out and "outside the coverage of Paris" in out
              and "ruled out" not in out, out + err)
        rc, out, err = ctl("resolve", "--json", "--app", "Paris", BIG_BEN, socket_path=path)
        one = json.loads(out) if rc == 0 else {}
        check("routingctl resolve --app gives one app's verdict",
              [a["id"] for a in one.get("apps", [])] == ["Paris"] and one.get("ineligible") == 1, out + err)
        rc, out, err = ctl("resolve", "--app", "Nowhere", BIG_BEN, socket_path=path)
        check("routingctl resolve --app with an unknown id exits 1 naming it", rc == 1 and "Nowhere" in err, out + err)
        rc, out, err = ctl("resolve", "--offline", "--coverage", "Coverage", "--app", "Nowhere", BIG_BEN)
        check("offline: the same error for an unknown --app", rc == 1 and "Nowhere" in err, out + err)
        rc, out, err = ctl("location", "clear", socket_path=path)
        rc, out, err = ctl("resolve", "--json", BIG_BEN, socket_path=path)
        check("without a current location the London verdict is null",
              rc == 0 and any(a["id"] == "London" and a["eligible"] is None for a in json.loads(out)["apps"]), out)
        rc, out, err = ctl("apps", socket_path=path)
        check("routingctl apps lists London", rc == 0 and "London" in out, out + err)
        rc, out, err = ctl("resolve", BIG_BEN, socket_path=os.path.join(tmp, "nope.socket"))
        check("unreachable daemon exits 2 with a hint", rc == 2 and "cannot reach routingd" in err, err)

        link_checks(client, path, tmp)
        monitor_checks(path)

        check("daemon still running", daemon.poll() is None)
        daemon.send_signal(signal.SIGTERM)
        try:
            code = daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            code = None
        check("SIGTERM stops the daemon with status 0", code == 0, code)
        check("SIGTERM removes the socket", not os.path.exists(path))
    finally:
        if daemon.poll() is None:
            daemon.kill()
        log.seek(0)
        text = log.read()
        if check.failed:
            print("--- routingd log ---\n" + text)

    contains_checks()
    with tempfile.TemporaryDirectory() as tmp:
        check_fix(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        reload_checks(tmp)
    print(f"e2e: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


# geo:0:0?q=…: a producer wrote ':' between the placeholder zeros; the one safe reading is q.
REPAIRED = "geo:0:0?q=48.8584%2C2.2945"
GOOGLE_PLACE = ("https://www.google.com/maps/place/Tour+Eiffel/@48.8580,2.2900,17z/"
                "data=!4m6!3m5!1s0x0:0x0!8m2!3d48.8560!4d2.2990!3m1!1s0x0:0x1!8m2!3d48.8583701!4d2.2944813")
OSM_MAP_VIEW = "https://www.openstreetmap.org/#map=17/48.8584/2.2945"
LOUVRE = {"destination": {"kind": "coordinate", "latitude": 48.8606, "longitude": 2.3376}, "mode": "Pedestrian"}


def monitor_checks(path):
    """Monitor() through the reference client (_more=True): the state, then a change made on another
    connection; without more, ExpectedMore."""
    with varlink.Client("unix:" + path) as watcher, watcher.open("org.routingd.Directions") as w, \
            varlink.Client("unix:" + path) as other, other.open("org.routingd.Directions") as d:
        stream = w.Monitor(_more=True)
        first = next(stream)
        check("Monitor's first reply is the state, with every app",
              first.get("event") == "state" and any(a.get("id") == "London" for a in first.get("apps", [])), first)
        d.SetCurrentLocation(latitude=51.500543, longitude=-0.135702, source="e2e")
        change = next(stream)
        check("Monitor tells the location set on another connection",
              change.get("event") == "locationSet" and change.get("location", {}).get("source") == "e2e", change)
        d.ClearCurrentLocation()
        change = next(stream)
        check("Monitor tells the location cleared", change.get("event") == "locationCleared", change)
    # routingctl monitor, as a person sees it, and with --json: a line per change as it happens.
    for args, first_ok, change_ok in (
        ([], lambda line: line.startswith("state: ") and "current location unknown" in line,
         lambda line: line.startswith("current location set: 51.500543, -0.135702 (by e2e, set ")),
        (["--json"], lambda line: json.loads(line).get("event") == "state",
         lambda line: json.loads(line).get("event") == "locationSet"),
    ):
        watcher = subprocess.Popen([os.path.join(BIN, "routingctl"), "--socket", path, "monitor"] + args,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        # A monitor runs until stopped: a missing line must not hang the check.
        deadline = threading.Timer(30, watcher.kill)
        deadline.start()
        try:
            first = watcher.stdout.readline()
            with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
                d.SetCurrentLocation(latitude=51.500543, longitude=-0.135702, source="e2e")
                d.ClearCurrentLocation()
                d.Reload()
            reloaded = lambda line: line.startswith("reloaded (") or '"event":"reloaded"' in line.replace(" ", "")
            lines = []
            while not (any(change_ok(line) for line in lines) and any(reloaded(line) for line in lines)):
                line = watcher.stdout.readline()
                if not line:
                    break
                lines.append(line)
            name = " ".join(["routingctl monitor"] + args)
            check(f"{name}: the state first", first_ok(first), first)
            check(f"{name}: the location set, as it happens", any(change_ok(line) for line in lines), lines)
            if not args:
                check(f"{name}: a reload's time in milliseconds, never 'in 0 s'",
                      any(re.match(r"reloaded \(Reload\(\)\) in (under 1 ms|\d+ ms|[\d.]+ s): ", line) and " in 0 s" not in line
                          for line in lines), lines)
        finally:
            deadline.cancel()
            watcher.terminate()
            watcher.wait(timeout=10)
    with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
        try:
            d.Monitor()
            check("Monitor without more is ExpectedMore", False)
        except varlink.VarlinkError as e:
            check("Monitor without more is ExpectedMore", e.error() == "org.varlink.service.ExpectedMore", e.as_dict())


def link_checks(client, path, tmp):
    """Issue 4 through the reference client and routingctl: strictness, warnings, requests, links."""
    with client.open("org.routingd.Directions") as d:
        reply = d.Resolve(REPAIRED)
        warnings = reply.get("warnings", [])
        check("lenient Resolve repairs geo:0:0 and says so",
              reply["request"]["destination"].get("latitude") == 48.8584 and reply.get("format") == "geo"
              and [w.get("code") for w in warnings] == ["repaired-syntax"] and warnings[0].get("message"), reply)
        try:
            d.Resolve(REPAIRED, True)
            check("strict Resolve refuses the repaired link", False)
        except varlink.VarlinkError as e:
            check("strict Resolve refuses the repaired link with the repair's code",
                  e.error() == "org.routingd.Directions.InvalidURL" and e.parameters().get("code") == "repaired-syntax", e.as_dict())
        clean = d.Resolve(EIFFEL, True)
        check("strict Resolve passes a clean link, no warnings",
              clean.get("warnings", []) == [] and clean.get("format") == "apple-legacy", clean)

        reply = d.DecideApps(request=LOUVRE, explain=True)
        apps = {a["id"]: a for a in reply["apps"]}
        check("DecideApps decides a request object", apps.get("Paris", {}).get("eligible") is not False
              and apps.get("London", {}).get("eligible") is False and reply["request"]["transportType"] == "Walking", reply)
        for name, request, field in [
            ("latitude 91", {"destination": {"kind": "coordinate", "latitude": 91.0, "longitude": 2.0}}, "destination.latitude"),
            ("mode Walking", {"destination": {"kind": "currentLocation"}, "mode": "Walking"}, "mode"),
            ("a blank address", {"destination": {"kind": "address", "text": " "}}, "destination.text"),
        ]:
            try:
                d.DecideApps(request)
                check(f"DecideApps refuses {name}", False)
            except varlink.VarlinkError as e:
                check(f"DecideApps refuses {name} naming {field}",
                      e.error() == "org.routingd.Directions.InvalidRequest" and e.parameters().get("field") == field, e.as_dict())

    # BuildLink in every format routingctl can write, compared with routingctl link and Resolve.
    rc, out, err = ctl("link", "--format", "all", "--json", json.dumps(LOUVRE))
    listing = json.loads(out) if out.strip() else {}
    links = listing.get("links", [])
    check("routingctl link --format all builds links", rc == 0 and links, out + err)
    rc, helptext, _ = ctl("link", "--help")
    check("routingctl link --help lists every buildable format",
          rc == 0 and all(l["format"] in helptext for l in links), helptext)
    with client.open("org.routingd.Directions") as d:
        for link in links:
            fmt = link["format"]
            built = d.BuildLink(LOUVRE, None, fmt)
            check(f"BuildLink {fmt} equals routingctl link", built["url"] == link["url"], (built, link))
            resolved = d.Resolve(built["url"], True)
            check(f"BuildLink {fmt} parses back strictly as {fmt}", resolved.get("format") == fmt, resolved)
            if not built.get("omitted"):
                dest = resolved["request"]["destination"]
                check(f"BuildLink {fmt} round trip keeps the destination",
                      (dest.get("latitude"), dest.get("longitude")) == (48.8606, 2.3376), resolved)
            again = d.BuildLink(None, built["url"], fmt)
            check(f"BuildLink {fmt}: build, parse, build gives the same text", again["url"] == built["url"], again)
        try:
            # geo: always starts at the current location and has no way to name it as the end.
            d.BuildLink({"destination": {"kind": "currentLocation"}}, None, "geo")
            check("BuildLink refuses a current-location destination", False)
        except varlink.VarlinkError as e:
            check("BuildLink refuses a current-location destination naming it",
                  e.error() == "org.routingd.Directions.CannotBuildLink" and e.parameters().get("field") == "destination", e.as_dict())
        try:
            d.BuildLink(LOUVRE, None, "mkdirectionsrequest")
            check("BuildLink refuses a read-only format", False)
        except varlink.VarlinkError as e:
            check("BuildLink refuses a read-only format", e.parameters().get("code") == "unsupported-format", e.as_dict())

    # Issue 17: a place link and a map view, through the reference client and routingctl.
    with client.open("org.routingd.Directions") as d:
        place = d.Resolve(GOOGLE_PLACE)
        dest = place["request"]["destination"]
        check("Resolve reads a Google place page as an exact destination from the current location (its last pin)",
              place["request"]["source"] == {"kind": "currentLocation"} and dest.get("precision") == "exact"
              and (dest.get("latitude"), dest.get("longitude"), dest.get("label")) == (48.8583701, 2.2944813, "Tour Eiffel")
              and place.get("warnings") == [] and place.get("format") == "google-place", place)
        view = d.Resolve(OSM_MAP_VIEW, False, {"latitude": 48.85, "longitude": 2.35})
        dest = view["request"]["destination"]
        paris = [a for a in view.get("apps", []) if a["id"] == "Paris"]
        check("Resolve takes a map view's centre as an approximate destination, with the warning and the app's note",
              dest.get("precision") == "approximate" and (dest.get("latitude"), dest.get("longitude")) == (48.8584, 2.2945)
              and [w["code"] for w in view.get("warnings", [])] == ["viewport-as-destination"]
              and paris and paris[0]["eligible"] is True
              and [r["rule"] for r in paris[0]["reasons"]] == ["approximate-point"], view)
        try:
            d.Resolve(OSM_MAP_VIEW, True)
            check("strict Resolve refuses a map view", False)
        except varlink.VarlinkError as e:
            check("strict Resolve refuses a map view with viewport-as-destination",
                  e.parameters().get("code") == "viewport-as-destination", e.as_dict())
    rc, out, err = ctl("resolve", "--current-location", "48.85,2.35", OSM_MAP_VIEW, socket_path=path)
    check("routingctl resolve shows an approximate destination and the warning",
          rc == 0 and "48.8584, 2.2945 (approximate: the centre of a map view)" in out
          and any(l.startswith("warning: viewport-as-destination") for l in err.splitlines()), out + err)

    # routingctl resolve: warnings, --strict.
    rc, out, err = ctl("resolve", REPAIRED, socket_path=path)
    check("routingctl resolve prints the repair as a warning line",
          rc == 0 and any(l.startswith("warning: repaired-syntax") for l in err.splitlines()), out + err)
    rc, out, err = ctl("resolve", "--json", REPAIRED, socket_path=path)
    check("routingctl resolve --json carries the warnings",
          rc == 0 and [w["code"] for w in json.loads(out).get("warnings", [])] == ["repaired-syntax"], out + err)
    rc, out, err = ctl("resolve", "--json", "--strict", REPAIRED, socket_path=path)
    check("routingctl resolve --strict exits 1 with the repair's code",
          rc == 1 and json.loads(out).get("error", {}).get("code") == "repaired-syntax", out + err)
    rc, out, err = ctl("resolve", "--json", "--strict", "--offline", "--coverage", "Coverage", REPAIRED)
    check("routingctl resolve --strict --offline agrees",
          rc == 1 and json.loads(out).get("error", {}).get("code") == "repaired-syntax", out + err)

    # routingctl link: text output, omitted lines, errors, standard input.
    rc, out, err = ctl("link", "--format", "mapquest", "geo:1,2")
    check("routingctl link with an unknown format is a usage error", rc == 2 and "mapquest" in err, err)
    rc, out, err = ctl("link", "--format", "geo", '{"destination":{"kind":"coordinate","latitude":"x"}}')
    check("routingctl link names the bad field of a JSON request",
          rc == 1 and "destination.latitude" in err, out + err)
    if links:
        fmt = links[0]["format"]
        p = subprocess.run([os.path.join(BIN, "routingctl"), "link", "--format", fmt, "-"], input=EIFFEL,
                           capture_output=True, text=True, timeout=60)
        check("routingctl link reads a link from standard input", p.returncode == 0 and p.stdout.strip(), p.stdout + p.stderr)

    # .mkdirectionsrequest files: current location and a named place whose coordinates are private.
    request_file = os.path.join(tmp, "route.mkdirectionsrequest")
    with open(request_file, "wb") as f:
        plistlib.dump({
            "MKDirectionsRequestSource": {"MKMapItemIsCurrentLocation": True},
            "MKDirectionsRequestDestination": {"MKMapItemName": "Louvre", "MKMapItemGEOMapItem": b"\x0a\x12\x08\x01"},
        }, f, fmt=plistlib.FMT_BINARY)
    for mode, extra in [("daemon", {"socket_path": path}), ("offline", {})]:
        args = ["resolve", "--json"] + (["--offline", "--coverage", "Coverage"] if mode == "offline" else []) + [request_file]
        rc, out, err = ctl(*args, **extra)
        reply = json.loads(out) if out.strip().startswith("{") else {}
        req = reply.get("request", {})
        check(f"routingctl resolve FILE.mkdirectionsrequest ({mode})",
              rc == 0 and reply.get("format") == "mkdirectionsrequest" and req.get("source", {}).get("kind") == "currentLocation"
              and req.get("destination", {}).get("text") == "Louvre" and reply.get("apps"), out + err)
    with open(os.path.join(tmp, "junk.mkdirectionsrequest"), "wb") as f:
        f.write(b"not a plist")
    rc, out, err = ctl("resolve", "--json", "--offline", "--coverage", "Coverage", os.path.join(tmp, "junk.mkdirectionsrequest"))
    check("a broken .mkdirectionsrequest file exits 1 with an error object", rc == 1 and json.loads(out).get("error"), out + err)

    # --current-location-literals.
    literals = os.path.join(tmp, "literals.txt")
    with open(literals, "w") as f:
        f.write("# French only\nIci\n")
    url = "http://maps.apple.com/?saddr=ici&daddr=48.8584,2.2945"
    rc, out, err = ctl("--current-location-literals", literals, "resolve", "--json", "--offline", "--coverage", "Coverage", url)
    check("routingctl --current-location-literals FILE is used",
          rc == 0 and json.loads(out)["request"]["source"]["kind"] == "currentLocation", out + err)
    rc, out, err = ctl("resolve", "--json", "--offline", "--coverage", "Coverage", url)
    check("without the file 'ici' is an address",
          rc == 0 and json.loads(out)["request"]["source"] == {"kind": "address", "text": "ici"}, out + err)
    bad = os.path.join(tmp, "bad-literals.txt")
    with open(bad, "w") as f:
        f.write("here\n48.1,2.2\n")
    rc, out, err = ctl("--current-location-literals", bad, "link", "--format", "geo", "geo:1,2")
    check("a bad literals file is a usage error naming FILE:LINE", rc == 2 and f"{bad}:2:" in err, err)
    p = subprocess.run([os.path.join(BIN, "routingd"), "--socket", os.path.join(tmp, "x", "s"),
                        "--coverage", "Coverage", "--current-location-literals", bad],
                       capture_output=True, text=True, timeout=30, cwd=ROOT)
    check("routingd refuses a bad literals file naming FILE:LINE", p.returncode != 0 and f"{bad}:2:" in p.stderr, p.stderr)
    served = os.path.join(tmp, "lit", "org.routingd.Directions")
    second = subprocess.Popen([os.path.join(BIN, "routingd"), "--socket", served, "--coverage", os.path.join(ROOT, "Coverage"),
                               "--current-location-literals", literals], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        wait_for(lambda: os.path.exists(served))
        rc, out, err = ctl("resolve", "--json", url, socket_path=served)
        check("routingd --current-location-literals FILE is used",
              rc == 0 and json.loads(out)["request"]["source"]["kind"] == "currentLocation", out + err)
    finally:
        second.send_signal(signal.SIGTERM)
        try:
            second.wait(timeout=10)
        except subprocess.TimeoutExpired:
            second.kill()


def check_fix(tmp):
    """routingctl validate --fix: dry run, in place through a symlink, idempotent, refusals."""
    src = os.path.join(tmp, "fix-src.geojson")
    text = ('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"n":"a"},'
            '"geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1.50],[1,1.50],[1,0]]]}}]}')
    with open(src, "w") as f:
        f.write(text)
    os.chmod(src, 0o640)
    link = os.path.join(tmp, "fix-link.geojson")
    os.symlink("fix-src.geojson", link)
    rc, out, err = ctl("validate", "--fix", "--dry-run", link)
    check("fix --dry-run exits 0 and shows a unified diff", rc == 0 and "--- " in out and "+++ " in out and "@@ " in out, out + err)
    check("fix --dry-run writes nothing", open(src).read() == text)
    rc, out, err = ctl("validate", "--fix", link)
    fixed = open(src).read()
    check("fix exits 0 when the result is valid", rc == 0, out + err)
    check("fix keeps the symlink and the mode", os.path.islink(link) and oct(os.stat(src).st_mode & 0o777) == "0o640")
    check("fix writes one bare MultiPolygon, literals as written",
          fixed == '{"type":"MultiPolygon","coordinates":[\n  [[[0,0],[1,0],[1,1.50],[0,1.50],[0,0]]]\n]}\n', repr(fixed))
    check("fix reports each change with a location", link + ":1:1: unwrapped" in out and '"properties" {"n":"a"}' in out, out)
    mtime = os.stat(src).st_mtime_ns
    rc, out, err = ctl("validate", "--fix", link)
    check("fix of a fixed file changes nothing", rc == 0 and os.stat(src).st_mtime_ns == mtime and open(src).read() == fixed, out + err)
    rc, out, err = ctl("validate", link)
    check("the fixed file validates", rc == 0, out + err)
    hole = os.path.join(tmp, "fix-hole.geojson")
    with open(hole, "w") as f:
        f.write('{"type":"Polygon","coordinates":[[[0,0],[9,0],[9,9],[0,9],[0,0]],[[3,3],[3,6],[6,6],[6,3],[3,3]]]}')
    rc, out, err = ctl("validate", "--fix", "--output", "-", hole)
    check("fix leaves a hole, writes the rest and exits 1", rc == 1 and out.startswith('{"type":"MultiPolygon"') and "polygon-has-hole" in err, out + err)
    point = os.path.join(tmp, "fix-point.geojson")
    with open(point, "w") as f:
        f.write('{"type":"Point","coordinates":[1,2]}')
    rc, out, err = ctl("validate", "--fix", point)
    check("fix refuses a Point and exits 1, file untouched", rc == 1 and open(point).read() == '{"type":"Point","coordinates":[1,2]}' and "geometry-type-unsupported" in out, out + err)
    rc, out, err = ctl("validate", "--fix", "--output", os.path.join(tmp, "no", "such", "dir.geojson"), hole)
    check("fix exits 2 when it cannot write", rc == 2, out + err)
    check("no temporary file is left behind", not [n for n in os.listdir(tmp) if n.endswith(".tmp")], os.listdir(tmp))
    # Read-only and hard-linked files need --force; a killed run's temporary file goes on the next run.
    ro = os.path.join(tmp, "fix-readonly.geojson")
    with open(ro, "w") as f:
        f.write(text)
    os.chmod(ro, 0o444)
    rc, out, err = ctl("validate", "--fix", ro)
    check("fix refuses a read-only file (exit 2) and says --force", rc == 2 and "is read-only (mode 0444)" in err and "--force" in err and open(ro).read() == text, out + err)
    rc, out, err = ctl("validate", "--fix", "--force", ro)
    check("fix --force replaces a read-only file, keeping its mode", rc == 0 and open(ro).read() == fixed and os.stat(ro).st_mode & 0o777 == 0o444, out + err)
    hard = os.path.join(tmp, "fix-hard.geojson")
    with open(hard, "w") as f:
        f.write(text)
    os.link(hard, hard + ".other")
    rc, out, err = ctl("validate", "--fix", hard)
    check("fix refuses a hard-linked file (exit 2)", rc == 2 and "has 2 hard links" in err and open(hard).read() == text, out + err)
    rc, out, err = ctl("validate", "--fix", "--force", hard)
    check("fix --force splits the hard link", rc == 0 and open(hard).read() == fixed and open(hard + ".other").read() == text, out + err)
    stale = os.path.join(tmp, ".fix-hard.geojson.routingctl-fix.999999999.abc.tmp")
    with open(stale, "w") as f:
        f.write(text)
    rc, out, err = ctl("validate", "--fix", hard)
    check("fix removes a dead run's temporary file and says so", rc == 0 and not os.path.exists(stale) and "removed .fix-hard.geojson.routingctl-fix.999999999.abc.tmp" in err, out + err)


def contains_checks():
    """routingctl contains: the three answers, both point syntaxes, --json, stdin, bad input."""
    london = "Coverage/London.geojson"
    rc, out, err = ctl("contains", london, "51.4994", "-0.1273", "48.8584,2.2945")
    check("contains: Big Ben inside, the Eiffel Tower outside",
          rc == 0 and out.split("\n")[:2] == ["51.4994 -0.1273 inside", "48.8584 2.2945 outside"], out + err)
    with tempfile.TemporaryDirectory() as tmp:
        square = os.path.join(tmp, "square.geojson")
        with open(square, "w") as f:
            f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,1],[0,0]]]]}')
        rc, out, err = ctl("contains", "--json", square, "0.3", "0.7", "0.2", "0.8", "0", "0.5")
        points = json.loads(out)["points"] if rc == 0 else []
        check("contains --json: exact inside / outside beside the hypotenuse, boundary on an edge",
              [p["location"] for p in points] == ["inside", "outside", "boundary"]
              and points[0] == {"latitude": 0.3, "longitude": 0.7, "location": "inside"}, out + err)
        p = subprocess.run([os.path.join(BIN, "routingctl"), "contains", square], input="0.4 0.6\n0.5,0.5\n",
                           capture_output=True, text=True, timeout=60)
        check("contains reads points from standard input",
              p.returncode == 0 and p.stdout.split() == ["0.4", "0.6", "boundary", "0.5", "0.5", "boundary"],
              p.stdout + p.stderr)
        rc, out, err = ctl("contains", square, "95", "0")
        check("contains: a latitude of 95 is a usage error naming it", rc == 2 and "95" in err, err)
        broken = os.path.join(tmp, "broken.geojson")
        with open(broken, "w") as f:
            f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,1]]]]}')
        rc, out, err = ctl("contains", broken, "0.1", "0.1")
        check("contains on an invalid file exits 1 with the located error",
              rc == 1 and "ring-not-closed" in err and "^" in err, err)



def reload_checks(tmp):
    """Issue 5: last good version kept while the error is reported, then recovery; inotify, SIGHUP, Reload()."""
    coverage = os.path.join(tmp, "coverage")
    apps_dir = os.path.join(tmp, "apps")
    os.makedirs(coverage)
    os.makedirs(apps_dir)
    for name in sorted(os.listdir(os.path.join(ROOT, "Coverage"))):
        if name.endswith(".geojson"):
            with open(os.path.join(ROOT, "Coverage", name), "rb") as src, open(os.path.join(coverage, name), "wb") as dst:
                dst.write(src.read())
    london_path = os.path.join(coverage, "London.geojson")
    with open(london_path) as f:
        london_good = f.read()
    path = os.path.join(tmp, "org.routingd.Directions")
    log_path = os.path.join(tmp, "routingd.log")
    log = open(log_path, "w+")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(tmp, "xdg"))  # no user manifests from the CI host
    daemon = subprocess.Popen(
        [os.path.join(BIN, "routingd"), "--socket", path, "--coverage", coverage, "--apps", apps_dir],
        stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env)

    def list_apps():
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
            return {a["id"]: a for a in d.ListApps()["apps"]}

    def london_verdict():
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
            return next((a for a in d.Resolve(BIG_BEN)["apps"] if a["id"] == "London"), {})

    try:
        check("reload daemon creates its socket", wait_for(lambda: os.path.exists(path)))
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
            d.SetCurrentLocation(51.500543, -0.135702)  # Westminster Abbey
        apps = list_apps()
        check("ListApps: the copied coverage files are active apps",
              all(apps.get(i, {}).get("state") == "active" for i in ("London", "Paris", "BayArea")), apps)
        london = apps.get("London", {})
        check("ListApps: London has name, all modes, priority 0, a bounding box, area and its coverage path",
              london.get("name") == "London" and len(london.get("modes", [])) == 12 and london.get("priority") == 0
              and london.get("boundingBox", {}).get("west") == -0.989542 and london.get("area", 0) > 1e10
              and london.get("coverage") == london_path and london.get("manifest") is None, london)
        check("London is eligible for the walk to Big Ben", london_verdict().get("eligible") is True)

        # Rewrite London's coverage into an invalid one (a ring that is not closed, on line 2).
        with open(london_path, "w") as f:
            f.write('{"type":"MultiPolygon","coordinates":\n[[[[-0.99,52.26],[-0.94,51.0],[0.3,51.05],[0.36,51.85]]]]}\n')
        apps = wait_for(lambda: (lambda a: a if a.get("London", {}).get("state") == "stale" else None)(list_apps()))
        london = (apps or {}).get("London", {})
        check("inotify: an invalid rewrite makes London stale", london.get("state") == "stale", london)
        check("ListApps reports the error at file:line:column",
              london.get("lastError", "").startswith(london_path + ":2:") and "ring-not-closed" in london.get("lastError", ""), london)
        check("the last good version is still described (bounding box, area)",
              london.get("boundingBox", {}).get("west") == -0.989542 and london.get("area", 0) > 1e10, london)
        check("the last good version stays in service: London still eligible", london_verdict().get("eligible") is True)
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Coverage") as cov:
            check("Coverage.Contains answers from the last good version",
                  cov.Contains("London", 51.500652, -0.124833).get("contains") is True)
        rc, out, err = ctl("apps", socket_path=path)
        check("routingctl apps shows London stale with the located error",
              rc == 0 and "London: stale" in out and london_path + ":2:" in out and "ring-not-closed" in out, out + err)
        log.flush()
        with open(log_path) as f:
            text = f.read()
        check("the log has one line naming the file:line:column",
              any(line.startswith("routingd: app London: keeping the last good version: " + london_path + ":2:")
                  for line in text.splitlines()), text)

        # Repair: active again, the error gone.
        with open(london_path, "w") as f:
            f.write(london_good)
        apps = wait_for(lambda: (lambda a: a if a.get("London", {}).get("state") == "active" else None)(list_apps()))
        london = (apps or {}).get("London", {})
        check("the repaired file is active again, with no error",
              london.get("state") == "active" and london.get("lastError") is None and london.get("errors") == [], london)

        # A manifest dropped into the apps directory while the daemon runs.
        with open(os.path.join(apps_dir, "walk.routingapp"), "w") as f:
            f.write("[Routing App]\nId=org.example.Walk\nName=Walk London\nModes=Pedestrian;\n"
                    "Coverage=" + london_path + "\nExec=walker --to %d\nPriority=3\n")
        apps = wait_for(lambda: (lambda a: a if "org.example.Walk" in a else None)(list_apps()))
        walk = (apps or {}).get("org.example.Walk", {})
        check("inotify: a new manifest is loaded", walk.get("state") == "active" and walk.get("modes") == ["Pedestrian"]
              and walk.get("exec") == ["walker", "--to", "%d"] and walk.get("priority") == 3, apps)
        check("the coverage file it names is no bare app any more", "London" not in (apps or {}), sorted(apps or {}))
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
            first = d.Resolve(BIG_BEN)["apps"][0]
        check("Resolve puts the new app first, eligible", first.get("id") == "org.example.Walk" and first.get("eligible") is True, first)

        # SIGHUP reloads (the log says so), Reload() replies with the counts.
        daemon.send_signal(signal.SIGHUP)
        def hup_logged():
            log.flush()
            with open(log_path) as f:
                return "reloaded (SIGHUP)" in f.read()
        check("SIGHUP reloads", wait_for(hup_logged))
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Directions") as d:
            counts = d.Reload()
        check("Reload() counts the apps in service and those with errors", counts == {"apps": 3, "invalid": 0}, counts)
        rc, out, err = ctl("reload", socket_path=path)
        check("routingctl reload", rc == 0 and "3 apps in service, 0 with errors" in out, out + err)
        with varlink.Client("unix:" + path) as c, c.open("org.routingd.Coverage") as cov:
            try:
                cov.Contains("nope", 0.0, 0.0)
                check("Contains of an unknown app is NoSuchApp", False)
            except varlink.VarlinkError as e:
                check("Contains of an unknown app is NoSuchApp",
                      e.error() == "org.routingd.Coverage.NoSuchApp" and e.parameters().get("appId") == "nope", e.as_dict())
            try:
                cov.Contains("Paris", 91.0, 0.0)
                check("Contains with latitude 91 is InvalidLocation", False)
            except varlink.VarlinkError as e:
                check("Contains with latitude 91 is InvalidLocation",
                      e.error() == "org.routingd.Coverage.InvalidLocation" and e.parameters().get("parameter") == "latitude", e.as_dict())
        check("reload daemon still running", daemon.poll() is None)
    finally:
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
        if check.failed:
            log.seek(0)
            print("--- routingd (reload) log ---\n" + log.read())


if __name__ == "__main__":
    sys.exit(main())
