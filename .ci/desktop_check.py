#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A real (virtual) desktop session for the desktop click: `routingctl desktop register`, links
clicked with xdg-open and gio open, the hand-off to the previous handler with a notification, the
zenity chooser driven by xdotool, and `register --https`. On the release binaries.

Sets up Xvfb, a session D-Bus (dbus-daemon --session), python3-dbusmock's notification_daemon
template (its log is where notifications are read), a temporary HOME with XDG directories and a
mimeapps.list naming a pretend maps app (geo:, maps:) and a pretend browser (http, https) as the
handlers, routingd serving three pretend routing apps (manifests + coverage; each a script that
logs its argv), and GeoClue2 on a private system bus (a dbusmock template, .ci/dbusmock/geoclue2.py)
whose location each click moves (set_current_location); the daemon keeps no location of its own.

Then clicks realistic links of every format and checks that the right app starts with the right
arguments, or that the pretend previous handler gets the link unchanged together with a
notification naming the reason. The chooser: two eligible apps, zenity lists them under Xvfb (a
screenshot goes to .build/ci-logs/desktop-chooser.png), xdotool picks the second, the second app
starts. https: a web link that is not a map link reaches the pretend browser byte for byte; a map
link opens the app. GeoClue2: moving it from London to Paris changes what one link opens; with it
gone, the reason says so within --location-timeout. Installs what it needs with apt-get when missing (CI runs as root).
Usage: desktop_check.py BIN_DIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from checklib import Tally, wait_for

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
LOGS = os.path.join(ROOT, ".build", "ci-logs")
SYSTEM_PYTHON = "/usr/bin/python3"  # python3-dbusmock is Debian's, for Debian's python

check = Tally(show_passes=True, detail_limit=1500)

# command → Debian package
NEEDED = {
    "Xvfb": "xvfb", "dbus-launch": "dbus-x11", "dbus-daemon": "dbus", "zenity": "zenity",
    "xdotool": "xdotool", "import": "imagemagick", "xdg-open": "xdg-utils", "xdg-mime": "xdg-utils",
    "gio": "libglib2.0-bin",
}


def install_missing():
    missing = sorted({pkg for cmd, pkg in NEEDED.items() if shutil.which(cmd) is None})
    if subprocess.run([SYSTEM_PYTHON, "-c", "import dbusmock"], capture_output=True).returncode != 0:
        missing.append("python3-dbusmock")
    if not missing:
        return True
    if os.geteuid() != 0:
        print(f"desktop: SKIPPED, missing {' '.join(missing)} and not root to install them")
        return False
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env, stdout=subprocess.DEVNULL)
    return True


def box(west, south, east, north):
    ring = [[west, south], [east, south], [east, north], [west, north], [west, south]]
    return json.dumps({"type": "MultiPolygon", "coordinates": [[ring]]}) + "\n"


LONDON = (51.5074, -0.1278)
PARIS = (48.8566, 2.3522)

# The pretend routing apps: id, name, modes, Exec after the script, coverage, extra keys.
APPS = {
    "london-transit": ("org.example.LondonTransit", "London Transit", "Bus;Subway;Train;Pedestrian;",
                       "--from=%s --to=%d --mode=%m", box(-0.6, 51.2, 0.4, 51.75), "Priority=1\n"),
    "paris-walk": ("org.example.ParisWalk", "Paris Walk", "Pedestrian;Bike;",
                   "--from=%s --to=%d --mode=%m", box(2.05, 48.65, 2.65, 49.05), ""),
    "paris-cab": ("org.example.ParisCab", "Paris Cab", "Car;Taxi;RideShare;",
                  "%u", box(2.05, 48.65, 2.65, 49.05), ""),
}

LOGGER = """#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
import json, sys
with open({log!r}, "a") as f:
    f.write(json.dumps([{name!r}] + sys.argv[1:]) + "\\n")
"""


class Session:
    """The temporary desktop session: processes, directories and environment."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="routingd-desktop-")
        self.procs = []
        self.geoclue = None  # the dbusmock GeoClue2 process, once started
        self.home = os.path.join(self.tmp, "home")
        self.config = os.path.join(self.home, ".config")
        self.data = os.path.join(self.home, ".local", "share")
        self.state = os.path.join(self.home, ".local", "state")
        self.runtime = os.path.join(self.tmp, "run")
        self.scripts = os.path.join(self.tmp, "bin")
        self.launches = os.path.join(self.tmp, "launches.log")
        self.notify_log = os.path.join(self.tmp, "notifications.log")
        for d in (self.config, os.path.join(self.data, "applications"), self.state, self.scripts,
                  os.path.join(self.tmp, "apps")):
            os.makedirs(d, exist_ok=True)
        os.makedirs(self.runtime, mode=0o700, exist_ok=True)
        self.env = {
            "HOME": self.home, "XDG_CONFIG_HOME": self.config, "XDG_DATA_HOME": self.data,
            "XDG_STATE_HOME": self.state, "XDG_RUNTIME_DIR": self.runtime,
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share", "XDG_CONFIG_DIRS": "/etc/xdg",
            "PATH": f"{BIN}:{self.scripts}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        }

    def geoclue_call(self, method, *args):
        """Calls the GeoClue2 mock's control interface (SetLocation, LastClient) on its system bus."""
        return subprocess.run(["gdbus", "call", "--system", "--dest", "org.freedesktop.GeoClue2", "--object-path",
                               "/org/freedesktop/GeoClue2/Manager", "--method", "org.freedesktop.GeoClue2.Mock." + method, "--",
                               *args], env=self.env, capture_output=True, text=True, timeout=15)

    def spawn(self, argv, **kw):
        log = open(os.path.join(self.tmp, os.path.basename(argv[0]) + ".log"), "a")
        p = subprocess.Popen(argv, env=self.env, stdout=kw.pop("stdout", log), stderr=log,
                             stdin=subprocess.DEVNULL, **kw)
        self.procs.append(p)
        return p

    def close(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def ctl(self, *args, timeout=30):
        return subprocess.run([os.path.join(BIN, "routingctl"), *args], env=self.env, capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)

    # -- the pieces of the session

    def start_x(self):
        for n in range(90, 140):
            if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
                break
        self.spawn(["Xvfb", f":{n}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        self.env["DISPLAY"] = f":{n}"
        return wait_for(lambda: os.path.exists(f"/tmp/.X11-unix/X{n}"), 15)

    def start_session_bus(self):
        p = self.spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE)
        address = p.stdout.readline().decode().strip()
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        return bool(address)

    def start_notification_daemon(self):
        self.spawn([SYSTEM_PYTHON, "-m", "dbusmock", "--session", "-t", "notification_daemon", "-l", self.notify_log])
        return wait_for(lambda: subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
             "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.GetServerInformation"],
            env=self.env, capture_output=True).returncode == 0, 15)

    def notifications(self):
        try:
            with open(self.notify_log, encoding="utf-8", errors="replace") as f:
                return [line for line in f if "Notify" in line]
        except FileNotFoundError:
            return []

    def write_script(self, name):
        path = os.path.join(self.scripts, name)
        with open(path, "w") as f:
            f.write(LOGGER.format(log=self.launches, name=name))
        os.chmod(path, 0o755)
        return path

    def write_desktop_entries(self):
        apps_dir = os.path.join(self.data, "applications")
        shutil.copy(os.path.join(ROOT, "systemd", "routingd-open.desktop"), apps_dir)
        self.write_script("pretend-maps")
        self.write_script("pretend-browser")
        entries = {
            "pretend-maps.desktop": ("Pretend Maps", "pretend-maps %u", "x-scheme-handler/geo;x-scheme-handler/maps;"),
            "pretend-browser.desktop": ("Pretend Browser", "pretend-browser %u",
                                        "x-scheme-handler/http;x-scheme-handler/https;text/html;"),
        }
        for file, (name, exec_line, types) in entries.items():
            with open(os.path.join(apps_dir, file), "w") as f:
                f.write(f"[Desktop Entry]\nType=Application\nName={name}\nExec={os.path.join(self.scripts, exec_line)}\n"
                        f"MimeType={types}\n")
        with open(os.path.join(self.config, "mimeapps.list"), "w") as f:
            f.write("[Default Applications]\nx-scheme-handler/geo=pretend-maps.desktop\n"
                    "x-scheme-handler/maps=pretend-maps.desktop;\nx-scheme-handler/http=pretend-browser.desktop\n"
                    "x-scheme-handler/https=pretend-browser.desktop\ntext/html=pretend-browser.desktop\n")

    def start_routingd(self):
        apps = os.path.join(self.tmp, "apps")
        for name, (app_id, title, modes, args, coverage, extra) in APPS.items():
            script = self.write_script(name)
            with open(os.path.join(apps, name + ".routingapp"), "w") as f:
                f.write(f"[Routing App]\nId={app_id}\nName={title}\nModes={modes}\nCoverage={name}.geojson\n"
                        f"Exec={script} {args}\n{extra}")
            with open(os.path.join(apps, name + ".geojson"), "w") as f:
                f.write(coverage)
        coverage = os.path.join(self.tmp, "coverage")
        os.makedirs(coverage, exist_ok=True)
        socket_path = os.path.join(self.runtime, "routingd", "org.routingd.Directions")
        os.makedirs(os.path.dirname(socket_path), exist_ok=True)
        self.spawn([os.path.join(BIN, "routingd"), "--socket", socket_path, "--coverage", coverage, "--apps", apps])
        return wait_for(lambda: os.path.exists(socket_path), 15)

    def launched(self):
        try:
            with open(self.launches) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def click(self, url, opener="xdg-open", wait=True):
        """Clicks url as the desktop does; returns (launches, notifications added, opener output)."""
        open(self.launches, "w").close()
        before = len(self.notifications())
        argv = [opener, url] if opener == "xdg-open" else ["gio", "open", url]
        p = subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        if wait:
            wait_for(lambda: self.launched(), 10)
            time.sleep(0.3)  # a second launch would show here
        return self.launched(), self.notifications()[before:], (p.returncode, p.stdout + p.stderr)


def set_current_location(session, lat, lon):
    """The current location for links with no source. In this session it comes from GeoClue2 (the
    dbusmock GeoClue2 on its own system bus), as on a desktop: move it there. The daemon's own
    location stays cleared, so a click can only know where it is from GeoClue2."""
    if session.geoclue is not None:
        p = session.geoclue_call("SetLocation", str(lat), str(lon), "50.0")
        check(f"GeoClue2 moves to {lat},{lon}", p.returncode == 0, p.stderr)
        return
    p = session.ctl("location", "set", str(lat), str(lon))
    check(f"location set {lat},{lon}", p.returncode == 0, p.stderr)


def geoclue_session_hook(session):
    """GeoClue2 on a private system bus: a dbusmock template (.ci/dbusmock/geoclue2.py) whose
    location the check moves; Debian 12's geoclue-2.0 cannot serve a fixed location offline."""
    p = session.spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE)
    address = p.stdout.readline().decode().strip()
    check("private system bus for GeoClue2 starts", bool(address))
    session.env["DBUS_SYSTEM_BUS_ADDRESS"] = address
    session.geoclue = session.spawn([SYSTEM_PYTHON, "-m", "dbusmock", "--system", "--template",
                                     os.path.join(ROOT, ".ci", "dbusmock", "geoclue2.py"),
                                     "-p", json.dumps({"latitude": LONDON[0], "longitude": LONDON[1], "accuracy": 50.0})])
    check("dbusmock GeoClue2 answers on the private system bus",
          wait_for(lambda: session.geoclue_call("LastClient").returncode == 0, 15))
    p = session.ctl("location", "clear")
    check("the daemon has no location of its own (GeoClue2 decides)", p.returncode == 0, p.stderr)


def geoclue_check(session):
    """Moving GeoClue2 from London to Paris changes which app a link opens; without GeoClue2 the
    reason says so within --location-timeout."""
    url = "maps:?daddr=48.8606,2.3376&dirflg=w"
    set_current_location(session, *LONDON)
    launches, notes, out = session.click(url, "xdg-open")
    check("GeoClue2 in London: the Paris route goes to the previous maps: handler, with a notification",
          launches == [["pretend-maps", url]] and len(notes) > 0, (launches, notes, out))
    last = session.geoclue_call("LastClient")
    check("routingctl asked GeoClue2 as routingd-open, city accuracy",
          "routingd-open" in last.stdout and "uint32 4" in last.stdout, last.stdout + last.stderr)
    set_current_location(session, *PARIS)
    expect(session, "GeoClue2 moved to Paris: the same link opens Paris Walk", url, "xdg-open",
           ["paris-walk", "--from=" + fmt(PARIS), "--to=48.8606,2.3376", "--mode=Pedestrian"])
    session.geoclue.terminate()
    session.geoclue.wait(timeout=10)
    started = time.monotonic()
    r = session.ctl("open", "--dry-run", "--location-timeout", "2", url)
    elapsed = time.monotonic() - started
    check("GeoClue2 gone: 'current location unavailable: GeoClue2 is not …' within the timeout",
          "current location unavailable: GeoClue2 is not" in r.stderr and elapsed < 3.5,
          {"elapsed": round(elapsed, 2), "rc": r.returncode, "stderr": r.stderr[-600:]})
    session.geoclue = None


def fmt(point):
    return f"{point[0]},{point[1]}"


# (description, link, opener, current location, expected launch [argv] or ("previous"/"browser", reason))
LONDON_TOWER = "51.5081,-0.0759"
CLICKS = [
    ("geo: no source, from here (London)", "geo:51.5081,-0.0759", "xdg-open", LONDON,
     ["london-transit", "--from=" + fmt(LONDON), "--to=" + LONDON_TOWER]),
    ("geo: with label", "geo:51.5081,-0.0759?q=51.5081,-0.0759(Tower%20of%20London)", "xdg-open", LONDON,
     ["london-transit", "--from=" + fmt(LONDON), "--to=" + LONDON_TOWER]),
    ("Apple maps: transit", "maps:?saddr=51.5007,-0.1246&daddr=51.5081,-0.0759&dirflg=r", "xdg-open", LONDON,
     ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER]),
    ("Apple maps:// walking, no source", "maps://?daddr=51.5033,-0.1196&dirflg=w", "xdg-open", LONDON,
     ["london-transit", "--from=" + fmt(LONDON), "--to=51.5033,-0.1196", "--mode=Pedestrian"]),
    ("Google comgooglemaps: transit", "comgooglemaps://?saddr=51.5007,-0.1246&daddr=51.5081,-0.0759&directionsmode=transit",
     "xdg-open", LONDON, ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER]),
    ("Google navigation intent: walking", "google.navigation:q=51.5081,-0.0759&mode=w", "xdg-open", LONDON,
     ["london-transit", "--from=" + fmt(LONDON), "--to=" + LONDON_TOWER, "--mode=Pedestrian"]),
    ("Organic Maps om://route walking", "om://route?sll=51.5007,-0.1246&saddr=Big%20Ben&dll=51.5081,-0.0759&daddr=Tower&type=pedestrian",
     "xdg-open", LONDON, ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER, "--mode=Pedestrian"]),
    ("OsmAnd osmand.api: transit", "osmand.api://navigate?start_lat=51.5007&start_lon=-0.1246&dest_lat=51.5081&dest_lon=-0.0759&profile=public_transport",
     "xdg-open", LONDON, ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER]),
    ("Citymapper citymapper: no source", "citymapper://directions?endcoord=51.5081%2C-0.0759", "xdg-open", LONDON,
     ["london-transit", "--from=" + fmt(LONDON), "--to=" + LONDON_TOWER]),
    ("Moovit moovit: transit", "moovit://directions?dest_lat=51.5081&dest_lon=-0.0759&orig_lat=51.5007&orig_lon=-0.1246",
     "xdg-open", LONDON, ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER]),
    ("Bing bingmaps: walking in Paris", "bingmaps:?rtp=pos.48.8584_2.2945~pos.48.8606_2.3376&mode=w", "xdg-open", PARIS,
     ["paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376", "--mode=Pedestrian"]),
    ("Organic Maps ge0: (gio open; Debian 12's xdg-open refuses digit schemes)", "ge0://w4CNu48LSq", "gio", PARIS,
     None),  # filled in main(): both Paris apps can serve a ge0 point without a mode → the preference decides
    ("Waze waze: by car", "waze://?ll=48.8606,2.3376&navigate=yes", "xdg-open", PARIS,
     ["paris-cab", "waze://?ll=48.8606,2.3376&navigate=yes"]),
    ("Yandex Navigator yandexnavi: by car", "yandexnavi://build_route_on_map?lat_to=48.8606&lon_to=2.3376", "xdg-open", PARIS,
     ["paris-cab", "yandexnavi://build_route_on_map?lat_to=48.8606&lon_to=2.3376"]),
    ("OsmAnd osmandmaps: walking", "osmandmaps://navigate?start=48.8584%2C2.2945&end=48.8606%2C2.3376&profile=pedestrian",
     "xdg-open", PARIS, ["paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376", "--mode=Pedestrian"]),
    ("two apps can serve it: the preferred one opens", "geo:48.8606,2.3376", "xdg-open", PARIS,
     ["paris-walk", "--from=" + fmt(PARIS), "--to=48.8606,2.3376"]),
    ("GNOME Maps search maps:q= goes to the previous handler", "maps:q=Cafe", "xdg-open", LONDON,
     ("pretend-maps", "not a directions link")),
    ("outside every coverage (Tokyo) goes to the previous handler", "geo:35.6586,139.7454", "xdg-open", LONDON,
     ("pretend-maps", "outside the coverage")),
    ("no source and the current location outside (London → Paris on foot)", "maps:?daddr=48.8606,2.3376&dirflg=w", "xdg-open", LONDON,
     ("pretend-maps", "outside the coverage")),
    ("a mode no app serves (London by car)", "maps:?saddr=51.5007,-0.1246&daddr=51.5081,-0.0759&dirflg=d", "xdg-open", LONDON,
     ("pretend-maps", "does not serve the Car mode")),
    ("a scheme with no previous handler: notification only", "waze://?ll=35.6586,139.7454&navigate=yes", "xdg-open", LONDON,
     ("none", "outside the coverage")),
]

HTTPS_CLICKS = [
    ("https: not a map link goes to the browser byte for byte", "https://example.org/a%20b/?q=%E2%82%AC&x=1;y#frag",
     LONDON, ("pretend-browser", None)),
    ("https: a map host that is not a route goes to the browser", "https://www.google.com/maps/@?api=1&map_action=map&zoom=13",
     LONDON, ("pretend-browser", None)),
    ("https: a Google map view (issue 17) opens the app at the view's centre", "https://www.google.com/maps/@51.5007,-0.1246,17z",
     LONDON, ["london-transit", "--from=51.5074,-0.1278", "--to=51.5007,-0.1246"]),
    ("https: Google directions link opens the app", "https://www.google.com/maps/dir/?api=1&origin=51.5007,-0.1246&destination=51.5081,-0.0759&travelmode=transit",
     LONDON, ["london-transit", "--from=51.5007,-0.1246", "--to=" + LONDON_TOWER]),
    ("https: Apple directions link opens the app", "https://maps.apple.com/directions?destination=48.8606,2.3376&mode=walking",
     PARIS, ["paris-walk", "--from=" + fmt(PARIS), "--to=48.8606,2.3376", "--mode=Pedestrian"]),
    ("https: OpenStreetMap directions link opens the app", "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376",
     PARIS, ["paris-walk", "--from=48.8584,2.2945", "--to=48.8606,2.3376", "--mode=Pedestrian"]),
    ("https: Waze link opens the car app", "https://waze.com/ul?ll=48.8606%2C2.3376&navigate=yes",
     PARIS, ["paris-cab", "https://waze.com/ul?ll=48.8606%2C2.3376&navigate=yes"]),
    ("https: a map link no app can serve goes to the browser with a notification", "https://www.google.com/maps/dir/?api=1&destination=35.6586,139.7454",
     LONDON, ("pretend-browser", "outside the coverage")),
]


def expect(session, name, url, opener, want):
    launches, notes, (rc, output) = session.click(url, opener)
    detail = {"rc": rc, "launches": launches, "notifications": notes, "output": output[-800:]}
    if isinstance(want, list):
        check(f"{name}: {want[0]} starts with the right arguments", launches == [want], detail)
        check(f"{name}: no notification", notes == [], detail)
        return
    handler, reason = want
    if handler == "none":
        check(f"{name}: nothing starts", launches == [], detail)
    else:
        check(f"{name}: {handler} gets the link unchanged", launches == [[handler, url]], detail)
    if reason is None:
        check(f"{name}: no notification", notes == [], detail)
    else:
        check(f"{name}: a notification names the reason ({reason})", any(reason in n for n in notes), detail)


def chooser_check(session):
    """Two eligible apps, a display, no terminal: zenity lists both; xdotool picks the second."""
    set_current_location(session, *PARIS)
    os.makedirs(LOGS, exist_ok=True)
    shot = os.path.join(LOGS, "desktop-chooser.png")
    open(session.launches, "w").close()
    url = "geo:48.8606,2.3376"
    clicker = subprocess.Popen(["xdg-open", url], env=session.env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Open with$"],
                               env=session.env, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        found = None
    windows = found.stdout.split() if found else []
    check("chooser: zenity shows the list", bool(windows), found and found.stderr)
    if not windows:
        clicker.kill()
        return
    time.sleep(1.0)  # let GTK draw the rows
    shot_ok = subprocess.run(["import", "-window", "root", shot], env=session.env, capture_output=True).returncode == 0
    check("chooser: screenshot taken", shot_ok and os.path.getsize(shot) > 0, shot)
    print(f"chooser screenshot: {shot}")
    title = subprocess.run(["xdotool", "getwindowname", windows[0]], env=session.env, capture_output=True, text=True)
    check("chooser: the window is routingctl's list", title.stdout.strip() == "Open with", title.stdout)
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], env=session.env, capture_output=True)
    # The cursor starts on the first row: Down moves to the second.
    subprocess.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"], env=session.env, capture_output=True)
    try:
        out, _ = clicker.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        clicker.kill()
        out, _ = clicker.communicate()
    wait_for(lambda: session.launched(), 10)
    launched = session.launched()
    # Both apps eligible, no mode: Paris Cab and Paris Walk have the same coverage, so the id decides
    # the order (org.example.ParisCab first); the second is Paris Walk.
    check("chooser: the second app (Paris Walk) starts",
          launched == [["paris-walk", "--from=" + fmt(PARIS), "--to=48.8606,2.3376"]],
          {"launched": launched, "output": out.decode(errors="replace")[-800:]})

    # Cancel: nothing starts, routingctl exits non-zero.
    open(session.launches, "w").close()
    canceller = subprocess.Popen([os.path.join(BIN, "routingctl"), "open", url], env=session.env,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Open with$"],
                               env=session.env, capture_output=True, text=True, timeout=30)
        wid = found.stdout.split()[0]
        time.sleep(0.5)
        subprocess.run(["xdotool", "windowfocus", "--sync", wid], env=session.env, capture_output=True)
        subprocess.run(["xdotool", "key", "--clearmodifiers", "Escape"], env=session.env, capture_output=True)
        rc = canceller.wait(timeout=30)
    except (subprocess.TimeoutExpired, IndexError):
        canceller.kill()
        rc = None
    time.sleep(0.3)
    check("chooser: cancel launches nothing and exits non-zero", rc not in (None, 0) and session.launched() == [],
          {"rc": rc, "launched": session.launched()})


def main():
    if not install_missing():
        return 0
    session = Session()
    try:
        check("Xvfb starts", session.start_x())
        check("session D-Bus starts", session.start_session_bus())
        check("dbusmock notification daemon answers", session.start_notification_daemon())
        session.write_desktop_entries()
        check("routingd starts with three pretend routing apps", session.start_routingd())
        geoclue_session_hook(session)
        apps = session.ctl("apps")
        check("routingctl apps lists the three apps", all(a[0] in apps.stdout for a in APPS.values()), apps.stdout + apps.stderr)

        p = session.ctl("desktop", "register")
        check("desktop register", p.returncode == 0, p.stdout + p.stderr)
        q = subprocess.run(["xdg-mime", "query", "default", "x-scheme-handler/geo"], env=session.env, capture_output=True, text=True)
        check("xdg-mime: routingd-open handles geo:", q.stdout.strip() == "routingd-open.desktop", q.stdout + q.stderr)
        with open(os.path.join(session.state, "routingd", "handlers")) as f:
            records = f.read()
        check("the previous geo: and maps: handler is recorded",
              "x-scheme-handler/geo\tpretend-maps.desktop\t=pretend-maps.desktop\n" in records
              and "x-scheme-handler/maps\tpretend-maps.desktop\t=pretend-maps.desktop;\n" in records, records)
        p = session.ctl("desktop", "register", "--https")
        p2 = session.ctl("desktop", "unregister")
        with open(os.path.join(session.config, "mimeapps.list")) as f:
            restored = f.read()
        check("register --https then unregister restores mimeapps.list exactly",
              p.returncode == 0 and p2.returncode == 0 and restored.startswith(
                  "[Default Applications]\nx-scheme-handler/geo=pretend-maps.desktop\nx-scheme-handler/maps=pretend-maps.desktop;\n"
                  "x-scheme-handler/http=pretend-browser.desktop\nx-scheme-handler/https=pretend-browser.desktop\n"
                  "text/html=pretend-browser.desktop\n") and restored.count("\n") == 6,
              p.stdout + p.stderr + p2.stdout + p2.stderr + restored)
        p = session.ctl("desktop", "register")
        check("desktop register again", p.returncode == 0, p.stdout + p.stderr)

        os.makedirs(os.path.join(session.config, "routingd"), exist_ok=True)
        preferences = os.path.join(session.config, "routingd", "preferences")
        with open(preferences, "w") as f:
            f.write("# the two-apps click opens this one without asking\nPreferredApp=org.example.ParisWalk\n")

        clicks = 0
        for name, url, opener, here, want in CLICKS:
            if want is None:  # ge0: the point is stored to about 1e-6 degrees; ask what it decodes to
                r = session.ctl("resolve", "--json", url)
                try:
                    dest = json.loads(r.stdout)["request"]["destination"]
                    want = ["paris-walk", "--from=" + fmt(PARIS), f"--to={dest['latitude']},{dest['longitude']}"]
                except (ValueError, KeyError, TypeError):
                    want = ["paris-walk", "<ge0 did not resolve: " + r.stderr + ">"]
            set_current_location(session, *here)
            expect(session, name, url, opener, want)
            clicks += 1
        # The README's note: Debian 12's xdg-open takes ge0://… for a file name; gio open (above) works.
        launches, _, (rc, output) = session.click("ge0://w4CNu48LSq", "xdg-open")
        check("xdg-open refuses ge0: (a digit in the scheme): use gio open", rc != 0 and launches == [], (rc, output))
        os.unlink(preferences)

        chooser_check(session)
        geoclue_check(session)

        p = session.ctl("desktop", "register", "--https")
        check("desktop register --https", p.returncode == 0, p.stdout + p.stderr)
        q = subprocess.run(["xdg-mime", "query", "default", "x-scheme-handler/https"], env=session.env, capture_output=True, text=True)
        check("xdg-mime: routingd-open-https handles https:", q.stdout.strip() == "routingd-open-https.desktop", q.stdout + q.stderr)
        for name, url, here, want in HTTPS_CLICKS:
            set_current_location(session, *here)
            expect(session, name, url, "xdg-open", want)
            clicks += 1
        expect(session, "https: gio open, not a map link, byte for byte", "https://example.org/%7Euser/?a=%2F&b=c+d",
               "gio", ("pretend-browser", None))
        clicks += 1
        print(f"{clicks} links clicked")
    finally:
        session.close()
    print(f"desktop: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
