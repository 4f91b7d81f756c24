#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""routingctl render, end to end on the release build (issue 20): look at what a person sees.

Renders the three samples in Coverage/ and the seed recipe's London listing as printed
(SHARED/corpus/seed/london-as-printed.geojson, [latitude, longitude]) with the recipe's route to
SVG, checks each SVG (well-formed XML, the coverage, country outlines, places, the swapped reading
of the seed file beside the written one, the route's pins), that rendering twice gives the same
bytes, converts them to PNG (routingctl render -o FILE.png, through rsvg-convert), and takes a
headless Chromium screenshot of an HTML page embedding the four SVGs. Also: a hostile file name and
link label stay text, a file with a bow-tie gets its × mark, --app through a running routingd and
in-process, an unknown app, and the clear error when rsvg-convert is missing.

Everything a person should look at goes to .build/ci-logs/render/ (the SVGs and PNGs) and
.build/ci-logs/render-screenshot.png. Usage: render_check.py BIN_DIR SHARED_DIR.
Needs rsvg-convert (librsvg2-bin) and chromium; .ci/run installs them when missing.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from checklib import Tally, wait_for

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release")
SHARED = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "../shared")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, ".build", "ci-logs")
OUT = os.path.join(LOGS, "render")
SVG = "{http://www.w3.org/2000/svg}"
SEED_ROUTE = "http://maps.apple.com/?saddr=51.500543,-0.135702&daddr=51.500652,-0.124833&dirflg=w"

check = Tally(show_passes=True, detail_limit=1500)


def ctl(*args, env=None, socket_path=None, cwd=ROOT):
    cmd = [os.path.join(BIN, "routingctl")]
    if socket_path:
        cmd += ["--socket", socket_path]
    p = subprocess.run(cmd + list(args), capture_output=True, timeout=120, cwd=cwd, env=env)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def parse(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as error:
        check(f"{os.path.basename(path)} is well-formed XML", False, error)
        return None


def by_id(root, ident):
    return next((e for e in root.iter() if e.get("id") == ident), None)


def texts(root):
    return [e.text or "" for e in root.iter(SVG + "text")]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="routingd-render-")
    seed = os.path.join(SHARED, "corpus", "seed", "london-as-printed.geojson")
    inputs = [("London", ["Coverage/London.geojson"]), ("Paris", ["Coverage/Paris.geojson"]),
              ("BayArea", ["Coverage/BayArea.geojson"])]
    if os.path.exists(seed):
        inputs.append(("seed-london-as-printed", [seed, "--request", SEED_ROUTE]))
    else:
        print(f"info {seed} is absent: the seed listing is not rendered")

    for name, args in inputs:
        svg = os.path.join(OUT, name + ".svg")
        rc, _, err = ctl("render", *args, "-o", svg)
        check(f"render {name} to SVG", rc == 0 and os.path.exists(svg), err)
        root = parse(svg)
        if root is None:
            continue
        check(f"{name}: the root is <svg>", root.tag == SVG + "svg", root.tag)
        check(f"{name}: the coverage is drawn", by_id(root, "coverage-1") is not None)
        check(f"{name}: country outlines are drawn", by_id(root, "land") is not None)
        places = by_id(root, "places")
        check(f"{name}: populated places are drawn", places is not None and len(places) >= 3,
              None if places is None else len(places))
        check(f"{name}: a scale bar", by_id(root, "scale-bar") is not None)
        again = os.path.join(tmp, name + ".again.svg")
        ctl("render", *args, "-o", again)
        with open(svg, "rb") as a, open(again, "rb") as b:
            check(f"{name}: the same input gives the same bytes", a.read() == b.read())
        png = os.path.join(OUT, name + ".png")
        rc, _, err = ctl("render", *args, "-o", png)
        size = png_size(png) if os.path.exists(png) else None
        check(f"{name}: PNG through rsvg-convert", rc == 0 and size is not None and size[0] == 1280, (rc, size, err))
        if name.startswith("seed"):
            check("seed: the swapped reading is drawn", by_id(root, "swapped-1") is not None)
            words = texts(root)
            check("seed: labelled 'as written' and 'read as [latitude, longitude]'",
                  "as written" in words and "read as [latitude, longitude]" in words, words[:40])
            check("seed: London is labelled (the swapped reading lands on it)", "London" in words)
            pins = [e for e in root.iter(SVG + "g") if e.get("class") == "pin"]
            check("seed: the route's source and destination are pins", len(pins) == 2, len(pins))
            finding = [e for e in root.iter() if (e.get("class") or "").startswith("finding")]
            check("seed: the axes-swapped warning is marked on the map", len(finding) >= 1, len(finding))

    # Findings where they are: a bow-tie's crossing.
    bowtie = os.path.join(tmp, "bowtie.geojson")
    with open(bowtie, "w") as f:
        f.write('{"type":"MultiPolygon","coordinates":[[[[2.2,48.8],[2.5,48.9],[2.5,48.8],[2.2,48.9],[2.2,48.8]]]]}')
    out = os.path.join(OUT, "bowtie.svg")
    rc, _, err = ctl("render", bowtie, "-o", out)
    root = parse(out)
    crossings = [] if root is None else [e for e in root.iter() if e.get("class") == "finding crossing"]
    check("a bow-tie is drawn with its crossing marked", rc == 0 and len(crossings) == 1, (rc, len(crossings), err))

    # Hostile text stays text.
    evil = os.path.join(tmp, 'evil"><script>alert(1)<script>.geojson')
    shutil.copy(os.path.join(ROOT, "Coverage", "Paris.geojson"), evil)
    out = os.path.join(tmp, "evil.svg")
    rc, _, err = ctl("render", evil, "--request", "geo:48.85,2.35?q=%3Cscript%3Ealert(2)%3C/script%3E", "-o", out)
    root = parse(out)
    check("a hostile file name and link label: well-formed, no <script> element",
          rc == 0 and root is not None and not any(e.tag.endswith("script") for e in root.iter()), err)
    with open(out, "rb") as f:
        raw = f.read()
    check("the hostile text is escaped", b"<script" not in raw and b"&lt;script&gt;" in raw)

    # No rsvg-convert: a clear error, nothing written.
    empty = os.path.join(tmp, "empty-path")
    os.makedirs(empty)
    out = os.path.join(tmp, "none.png")
    rc, _, err = ctl("render", "Coverage/London.geojson", "-o", out, env={"PATH": empty, "LANG": "C.UTF-8"})
    check("PNG without rsvg-convert: exit 2, names librsvg2-bin, writes nothing",
          rc == 2 and "librsvg2-bin" in err and not os.path.exists(out), (rc, err))

    # --app in-process and through the daemon.
    out = os.path.join(tmp, "app.svg")
    rc, _, err = ctl("render", "--app", "London", "--offline", "--coverage", "Coverage", "-o", out)
    root = parse(out) if rc == 0 else None
    check("render --app London --offline --coverage Coverage",
          root is not None and any("London" in (e.text or "") for e in root.iter(SVG + "title")), (rc, err))
    rc, _, err = ctl("render", "--app", "Lodnon", "--offline", "--coverage", "Coverage", "-o", out)
    check("an unknown app is a usage error with a suggestion", rc == 2 and "London" in err, (rc, err))
    sock = os.path.join(tmp, "run", "io.socket")
    log = open(os.path.join(tmp, "routingd.log"), "w+")
    # A relative --coverage: the daemon reports absolute paths, so a client elsewhere finds the file.
    daemon = subprocess.Popen([os.path.join(BIN, "routingd"), "--socket", sock, "--coverage", "Coverage"],
                              stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        wait_for(lambda: os.path.exists(sock))
        out = os.path.join(tmp, "daemon-app.svg")
        rc, _, err = ctl("render", "--app", "Paris", "-o", out, socket_path=sock, cwd=tmp)
        root = parse(out) if rc == 0 else None
        check("render --app Paris through routingd (ListApps), from another directory than the daemon's",
              root is not None and any("Paris" in (e.text or "") for e in root.iter(SVG + "title")), (rc, err))
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)

    # A person's view: the four maps on one page, as Chromium shows it.
    shown = [name for name, _ in inputs if os.path.exists(os.path.join(OUT, name + ".svg"))]
    page = os.path.join(OUT, "index.html")
    with open(page, "w") as f:
        f.write("<!DOCTYPE html><html><head><meta charset='utf-8'><title>routingctl render</title>"
                "<style>body{margin:8px;font:14px sans-serif}div{display:inline-block;margin:4px;vertical-align:top}"
                "img{width:640px;border:1px solid #888}</style></head><body>")
        for name in shown:
            f.write(f"<div><p>{name}</p><img src='{name}.svg'></div>")
        f.write("</body></html>")
    shot = os.path.join(LOGS, "render-screenshot.png")
    if os.path.exists(shot):
        os.unlink(shot)
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        check("chromium is installed for the screenshot", False)
    else:
        p = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--allow-file-access-from-files", f"--screenshot={shot}", "--window-size=1340,1100",
                            "file://" + page], capture_output=True, text=True, timeout=180,
                           env=dict(os.environ, HOME=tmp))
        size = png_size(shot) if os.path.exists(shot) else None
        check("headless Chromium screenshot of the four maps", size == (1340, 1100) and os.path.getsize(shot) > 50_000,
              (p.returncode, size, p.stderr[-800:]))
        print(f"info screenshot: {shot}; SVGs and PNGs in {OUT}")
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"render: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
