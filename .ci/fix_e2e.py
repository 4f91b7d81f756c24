#!/usr/bin/env python3
"""End-to-end checks of `routingctl validate --fix` on the built binary: dry run, in-place fix
through a symbolic link (mode and link kept), idempotence (mtime unchanged), refusals, exit
statuses, no temporary file left. Usage: fix_e2e.py BIN_DIR (the folder holding routingctl).
The fixtures are written here; nothing from ../shared is copied."""
import os
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
passed = 0
failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def ctl(*args):
    p = subprocess.run([os.path.join(BIN, "routingctl")] + list(args), capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


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

if __name__ == "__main__":
    check_fix(tempfile.mkdtemp(prefix="routingd-fix-"))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
