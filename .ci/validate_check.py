#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""validate --format geojson and --fix --simplify/--drop-holes, end to end on the release routingctl:

- the findings of broken files as GeoJSON validate under routingctl's own --profile geojson, are
  Points at the right places (shapely reads them), and JSON syntax findings have a null geometry;
- --fix --simplify N on random star-shaped polygons: at most N points, valid by GEOS (shapely), and
  covering the original (GEOS covers, an independent engine), idempotent; --drop-holes fills holes.

Usage: validate_check.py BIN_DIRECTORY"""

import json
import math
import os
import random
import subprocess
import sys
import tempfile

import shapely
from shapely.geometry import shape

from checklib import Tally

check = Tally()


def run(routingctl, *args):
    return subprocess.run([routingctl, *args], capture_output=True, text=True, timeout=120)


def star(rng, corners):
    cx, cy = rng.uniform(-150, 150), rng.uniform(-60, 60)
    size = rng.choice([0.01, 0.3, 5])
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(corners))
    ring = []
    for a in angles:
        r = size * rng.uniform(0.2, 1)
        p = [round(cx + r * math.cos(a), 6), round(cy + r * math.sin(a), 6)]
        if not ring or ring[-1] != p:
            ring.append(p)
    return ring + [ring[0]]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    routingctl = os.path.join(os.path.abspath(sys.argv[1]), "routingctl")
    tmp = tempfile.mkdtemp(prefix="routingd-validate-check-")

    # --format geojson
    bowtie = os.path.join(tmp, "bowtie.geojson")
    with open(bowtie, "w") as f:
        f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[4,4],[4,0],[0,4],[0,0]]]]}\n')
    comma = os.path.join(tmp, "comma.geojson")
    with open(comma, "w") as f:
        f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]],\n}\n')
    p = run(routingctl, "validate", "--format", "geojson", bowtie, comma)
    check("validate --format geojson exits 1 for invalid files", p.returncode == 1, p.stderr)
    findings = json.loads(p.stdout)
    out = os.path.join(tmp, "findings.geojson")
    with open(out, "w") as f:
        f.write(p.stdout)
    again = run(routingctl, "validate", "--profile", "geojson", out)
    check("the findings validate under --profile geojson", again.returncode == 0, again.stdout + again.stderr)
    features = findings["features"]
    crossing = [f for f in features if f["properties"]["rule"] == "ring-self-intersection"]
    check("the self-intersection is a Point at the crossing [2,2]",
          len(crossing) == 1 and crossing[0]["geometry"] == {"type": "Point", "coordinates": [2, 2]}, crossing)
    syntax = [f for f in features if f["properties"]["rule"] == "json-trailing-comma"]
    check("a JSON syntax finding has no place (null geometry) and the comma's line:column",
          len(syntax) == 1 and syntax[0]["geometry"] is None
          and (syntax[0]["properties"]["line"], syntax[0]["properties"]["column"]) == (1, 67), syntax)
    check("shapely reads every located finding as a Point",
          all(shape(f["geometry"]).geom_type == "Point" for f in features if f["geometry"]), features)

    # --fix --simplify N and --drop-holes
    rng = random.Random(20)
    cases = bad = 0
    for k in range(40):
        ring = star(rng, rng.randint(25, 120))
        original = shapely.Polygon(ring)
        if not original.is_valid:
            continue
        n = rng.choice([4, 8, 20])
        path = os.path.join(tmp, f"star{k}.geojson")
        with open(path, "w") as f:
            json.dump({"type": "MultiPolygon", "coordinates": [[ring]]}, f)
        p = run(routingctl, "validate", "--fix", "--simplify", str(n), path)
        with open(path) as f:
            fixed = json.load(f)
        polygon = shape(fixed)
        points = sum(len(r) - 1 for poly in fixed["coordinates"] for r in poly)
        cases += 1
        ok = (p.returncode == 0 and points <= n and polygon.is_valid and polygon.covers(original)
              and "never shrinking it" in p.stdout and "km²" in p.stdout)
        if not ok:
            bad += 1
            print(f"  star{k} N={n}: rc {p.returncode}, {points} points, valid {polygon.is_valid}, covers {polygon.covers(original)}: {p.stdout[:300]} {p.stderr[:300]}")
        before = open(path).read()
        second = run(routingctl, "validate", "--fix", "--simplify", str(n), path)
        if open(path).read() != before or second.returncode != 0:
            bad += 1
            print(f"  star{k}: a second --simplify changed the file")
    check(f"--fix --simplify: {cases} random polygons at most N points, GEOS-valid, covering the original, idempotent",
          cases >= 30 and bad == 0, f"{bad} bad")

    holed = os.path.join(tmp, "holed.geojson")
    with open(holed, "w") as f:
        f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]]}\n')
    p = run(routingctl, "validate", "--fix", "--drop-holes", holed)
    with open(holed) as f:
        filled = json.load(f)
    check("--fix --drop-holes fills the hole, with a warning and the area added",
          p.returncode == 0 and filled["coordinates"] == [[[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]]
          and "warning: Maps will now offer the app inside it" in p.stdout and "km²" in p.stdout, p.stdout + p.stderr)

    print(f"{check.passed} passed, {check.failed} failed")
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
