#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential check of routingd's geometry engine against GEOS (through shapely).

1. Validity. Generates GEOMETRY_CASES small random Polygons and MultiPolygons with a fixed seed:
   bow-ties, spikes, duplicate positions, self-touching rings, holes inside, outside, touching,
   crossing and nested, parts that overlap, nest, share an edge or touch at a point, collinear and
   near-degenerate rings, on small integer grids (to force exact degeneracies) and in random doubles.
   Each is written as a GeoJSON file; `routingctl validate --profile geojson --json` runs over all
   of them in batches, and its `valid` must equal `shapely.is_valid`.
2. Point location. For valid geometries, `routingctl contains --profile geojson --json FILE` (points
   on standard input) must agree with shapely: `inside` exactly when `shapely.contains` (the point is
   in the interior), `boundary` exactly when `shapely.covers` but not `contains`, else `outside`.
   The points are every vertex, every edge midpoint (computed in doubles, as shapely sees them) and
   random points, POINT_TARGET in total at least.
3. Union semantics. For UNION_CASES MultiPolygons of axis-parallel boxes on a half-integer grid that
   overlap, nest, share edges and touch (no holes, so they pass Apple's rules, where overlapping
   parts are allowed), `routingctl contains --json FILE` (default apple profile) must agree with
   `shapely.union_all` of the parts: inside exactly in the union's interior, boundary on its
   boundary. Boxes keep every overlay intersection exactly representable, so GEOS's overlay adds
   no rounding (with sloped edges its noding rounds crossing points and moves the union's edges
   by an ulp, which would make exact answers look wrong).

Prints a summary and the first 20 disagreements of each kind; exits 1 on any disagreement not in
INTENTIONAL_DIFFERENCES. Needs `pip install shapely` (GEOS >= 3.10).
Usage: geos_differential.py BIN_DIR   (the directory holding routingctl)
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import shapely

SEED = 20261129
GEOMETRY_CASES = 12000
POINT_TARGET = 100000
UNION_CASES = 300
BATCH = 2000

# Intentional differences between routingd and GEOS, each with its reason. A disagreement on a
# case whose category is listed here is reported but does not fail the check. Currently none:
# both sides decide every predicate exactly for these inputs (routingd with Shewchuk expansions,
# GEOS with double-double arithmetic that is exact for coordinates of this magnitude).
INTENTIONAL_DIFFERENCES = {}


# ---------------------------------------------------------------- generation

def close(ring):
    return ring + [ring[0]]


def box(x0, y0, x1, y1):
    return close([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])


def grid_ring(rng, n, size):
    return close([[rng.randint(0, size), rng.randint(0, size)] for _ in range(n)])


def star(rng, cx, cy, r, n, grid=None):
    """A star-shaped (simple) ring around (cx, cy); with grid, vertices are rounded to it."""
    import math
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    pts = []
    for a in angles:
        rr = rng.uniform(0.4 * r, r)
        x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
        if grid:
            x, y = round(x / grid) * grid, round(y / grid) * grid
        pts.append([x, y])
    return close(pts)


def with_duplicates(rng, ring):
    out = []
    for p in ring[:-1]:
        out.append(list(p))
        if rng.random() < 0.25:
            out.append(list(p))
    return close(out)


def with_spike(rng, ring, size):
    body = ring[:-1]
    i = rng.randrange(len(body))
    a = body[i]
    b = body[(i + 1) % len(body)]
    if rng.random() < 0.5:
        # A -> X -> A: out and back to a random point
        x = [rng.randint(-1, size + 1), rng.randint(-1, size + 1)]
        new = body[: i + 1] + [x, list(a)] + body[i + 1:]
    else:
        # A -> B -> C with C on segment AB (integer midpoint when possible)
        mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
        new = body[: i + 1] + [list(b), mid] + body[i + 1:]
    return close(new)


def figure_eight(rng):
    """Rings through one point twice: touching (self-touch) or crossing."""
    variants = [
        [[0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 1]],          # crossing at a vertex
        [[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]],                  # vertex on an edge (touch)
        [[0, 0], [4, 0], [2, 2], [3, 4], [1, 4], [2, 2]],          # touch at a vertex, lobes apart
        [[0, 0], [2, 0], [0, 2], [2, 2]],                          # bow-tie
        [[2, 0], [1, 1], [2, 1], [0, 0]],                          # bow-tie (cases.tsv style)
        [[0, 0], [4, 0], [4, 4], [2, 4], [2, 2], [2, 4], [0, 4]],  # inward spike
        [[0, 0], [3, 0], [3, 3], [0, 3], [0, 0], [1, 1], [2, 1], [1, 2], [1, 1]],  # inverted hole via self-touch
    ]
    return close([list(p) for p in rng.choice(variants)])


def random_holes(rng, size, count):
    holes = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.4:
            x0, y0 = rng.randint(-1, size), rng.randint(-1, size)
            w, h = rng.randint(1, 2), rng.randint(1, 2)
            holes.append(box(x0, y0, x0 + w, y0 + h))
        elif kind < 0.8:
            holes.append(close([[rng.randint(0, size), rng.randint(0, size)] for _ in range(3)]))
        else:
            holes.append(grid_ring(rng, rng.randint(3, 5), size))
    return holes


def transform(rng, coords, mode):
    """Applies one transform to every position; 'exact' keeps grid degeneracies exact."""
    if mode == "exact":
        sx = rng.choice([1, 2, 0.5, 0.25, 4, -1])
        sy = rng.choice([1, 2, 0.5, -1])
        tx = rng.randint(-100, 100)
        ty = rng.randint(-60, 60)
        swap = rng.random() < 0.3
    else:
        sx = rng.uniform(0.001, 3) * rng.choice([1, -1])
        sy = rng.uniform(0.001, 3)
        tx = rng.uniform(-120, 120)
        ty = rng.uniform(-60, 60)
        swap = False

    def f(p):
        x, y = (p[1], p[0]) if swap else (p[0], p[1])
        return [x * sx + tx, y * sy + ty]

    return [[[f(p) for p in ring] for ring in poly] for poly in coords]


def near_degenerate(rng):
    """Rings and holes offset from exact degeneracy by about 1e-15."""
    e = rng.choice([1e-15, 2e-15, 5e-16, 1e-14, 0.0])
    s = rng.choice([1, -1])
    t = rng.random()
    if t < 0.3:
        # triangle whose third vertex is (almost) on the line of the first two
        return [[close([[0, 0], [1, 1], [0.5, 0.5 + s * e], [0.25, 0.25 - s * e]])]]
    if t < 0.6:
        # hole vertex (almost) on the shell edge x + y = 1
        return [[close([[0, 0], [1, 0], [0, 1]]),
                 close([[0.1, 0.1], [0.3 + s * e, 0.7], [0.2, 0.2]])]]
    if t < 0.8:
        # two parts whose edges (almost) touch
        return [[box(0, 0, 0.7, 0.3)], [close([[0.7 + s * e, 0.3], [1.5, 0.3], [1.5, 1]])]]
    return [[close([[0, 0], [0.7, 0.3], [1, 0], [0.6, 0.4 + s * e], [0.2, 0.1]])]]


def generate(rng):
    """Yields (category, coordinates as MultiPolygon coordinates, as_polygon)."""
    n = 0
    categories = [
        "grid-ring", "grid-ring-dups", "spike", "figure-eight", "holes", "holes-star",
        "parts-boxes", "parts-grid", "parts-star", "near-degenerate", "star-doubles",
        "star-grid", "island-in-hole", "nested-holes", "nested-parts",
    ]
    while n < GEOMETRY_CASES:
        cat = categories[n % len(categories)]
        size = rng.choice([2, 3, 4, 5, 6])
        mode = "exact"
        if cat == "grid-ring":
            coords = [[grid_ring(rng, rng.randint(3, 7), size)]]
        elif cat == "grid-ring-dups":
            coords = [[with_duplicates(rng, grid_ring(rng, rng.randint(3, 6), size))]]
        elif cat == "spike":
            coords = [[with_spike(rng, box(0, 0, size, size) if rng.random() < 0.5 else star(rng, 5, 5, 5, 6, grid=1), size)]]
        elif cat == "figure-eight":
            coords = [[figure_eight(rng)]]
        elif cat == "holes":
            coords = [[box(0, 0, size, size)] + random_holes(rng, size, rng.randint(1, 3))]
        elif cat == "holes-star":
            coords = [[star(rng, 4, 4, 4, 8, grid=1)] + random_holes(rng, 8, rng.randint(1, 2))]
        elif cat == "parts-boxes":
            parts = []
            for _ in range(rng.randint(2, 3)):
                x0, y0 = rng.randint(0, 4), rng.randint(0, 4)
                parts.append([box(x0, y0, x0 + rng.randint(1, 3), y0 + rng.randint(1, 3))])
            if rng.random() < 0.3:
                parts[0].append(box(parts[0][0][0][0] + 0.25, parts[0][0][0][1] + 0.25,
                                    parts[0][0][0][0] + 0.75, parts[0][0][0][1] + 0.75))
            coords = parts
        elif cat == "parts-grid":
            coords = [[grid_ring(rng, rng.randint(3, 5), size)] for _ in range(rng.randint(2, 3))]
        elif cat == "parts-star":
            coords = [[star(rng, rng.randint(0, 8), rng.randint(0, 8), 3, 6, grid=1)] for _ in range(2)]
        elif cat == "near-degenerate":
            coords = near_degenerate(rng)
            mode = "exact" if rng.random() < 0.7 else "float"
        elif cat == "star-doubles":
            coords = [[star(rng, 0, 0, 1, rng.randint(3, 12))]]
            if rng.random() < 0.5:
                coords[0].append(star(rng, 0.1, 0.1, 0.3, 5))
            mode = "float"
        elif cat == "star-grid":
            coords = [[star(rng, 3, 3, 3, rng.randint(4, 9), grid=1)]]
        elif cat == "island-in-hole":  # a polygon inside another polygon's hole, sometimes touching
            k = rng.choice([0, 1])
            coords = [[box(0, 0, 6, 6), box(1, 1, 5, 5)], [box(1 + k, 1 + k, 5 - rng.choice([0, 1]), 4)]]
        elif cat == "nested-holes":  # a hole inside (or touching, or beside) another hole
            x0, y0 = rng.randint(1, 3), rng.randint(1, 3)
            outer = box(x0, y0, x0 + rng.randint(2, 4), y0 + rng.randint(2, 4))
            a, b = rng.randint(x0, x0 + 3), rng.randint(y0, y0 + 3)
            inner = box(a, b, a + rng.choice([0.5, 1, 2]), b + rng.choice([0.5, 1]))
            coords = [[box(0, 0, 8, 8), outer, inner][: 3 if rng.random() < 0.9 else 2]]
        else:  # nested-parts: one part inside another, in its hole, touching it or crossing it
            outer = [box(0, 0, 6, 6)]
            if rng.random() < 0.5:
                outer.append(box(1, 1, rng.randint(3, 5), rng.randint(3, 5)))
            a, b = rng.randint(0, 5), rng.randint(0, 5)
            inner = [box(a, b, a + rng.choice([0.5, 1, 2]), b + rng.choice([0.5, 1, 2]))]
            coords = [outer, inner] if rng.random() < 0.5 else [inner, outer]
        if rng.random() < 0.8 and cat not in ("near-degenerate",):
            coords = transform(rng, coords, mode if rng.random() < 0.85 else "float")
        elif cat == "near-degenerate" and mode == "float":
            coords = transform(rng, coords, "exact")
        # keep rings closed exactly after transforms
        coords = [[ring[:-1] + [list(ring[0])] for ring in poly] for poly in coords]
        as_polygon = len(coords) == 1 and rng.random() < 0.5
        yield cat, coords, as_polygon
        n += 1


def in_range(coords):
    return all(-180 <= p[0] <= 180 and -90 <= p[1] <= 90 for poly in coords for ring in poly for p in ring)


# ---------------------------------------------------------------- running

def run_validate(ctl, paths):
    results = {}
    for i in range(0, len(paths), BATCH):
        chunk = paths[i:i + BATCH]
        p = subprocess.run([ctl, "validate", "--profile", "geojson", "--json", *chunk],
                           capture_output=True, text=True, timeout=600)
        if p.returncode not in (0, 1):
            sys.exit(f"routingctl validate failed ({p.returncode}): {p.stderr[:500]}")
        for f in json.loads(p.stdout)["files"]:
            results[f["path"]] = f
    return results


def run_contains(ctl, path, points, profile="geojson"):
    """routingctl contains on `points` ([lon, lat]) sent on stdin; (locations, "") or (None, output)."""
    text = "".join(f"{repr(lat)} {repr(lon)}\n" for lon, lat in points)
    p = subprocess.run([ctl, "contains", "--profile", profile, "--json", path],
                       input=text, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return None, p.stdout + p.stderr
    return [q["location"] for q in json.loads(p.stdout)["points"]], ""


def disagreements(geom, points, got):
    """(point, routingd's answer, shapely's) for every point where they differ."""
    shapely_points = shapely.points(points)
    inside = shapely.contains(geom, shapely_points)
    covered = shapely.covers(geom, shapely_points)
    out = []
    for (x, y), g, c_in, c_cov in zip(points, got, inside, covered):
        want = "inside" if c_in else ("boundary" if c_cov else "outside")
        if g != want:
            out.append((f"[{x!r}, {y!r}]", g, want))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    ctl = os.path.join(os.path.abspath(sys.argv[1]), "routingctl")
    started = time.time()
    rng = random.Random(SEED)
    tmp = tempfile.mkdtemp(prefix="routingd-geos-")
    cases = []
    for index, (cat, coords, as_polygon) in enumerate(generate(rng)):
        if not in_range(coords):
            continue
        geometry = {"type": "Polygon", "coordinates": coords[0]} if as_polygon else \
            {"type": "MultiPolygon", "coordinates": coords}
        path = os.path.join(tmp, f"case{index:05d}.geojson")
        with open(path, "w") as f:
            json.dump(geometry, f)
        cases.append((path, cat, coords, geometry))

    geoms = shapely.from_geojson([json.dumps(c[3]) for c in cases])
    expected = shapely.is_valid(geoms)
    reasons = shapely.is_valid_reason(geoms)
    results = run_validate(ctl, [c[0] for c in cases])

    validity_bad = []
    validity_known = []
    by_category = {}
    for (path, cat, coords, geometry), ok, reason in zip(cases, expected, reasons):
        got = results[path]["valid"]
        stats = by_category.setdefault(cat, [0, 0])
        stats[0 if ok else 1] += 1
        if got != bool(ok):
            entry = (path, cat, bool(ok), reason, got, geometry, results[path]["diagnostics"])
            (validity_known if cat in INTENTIONAL_DIFFERENCES else validity_bad).append(entry)

    # Point location on valid geometries.
    point_total = 0
    location_bad = []
    rng_points = random.Random(SEED + 1)
    for (path, cat, coords, geometry), ok, geom in zip(cases, expected, geoms):
        if point_total >= POINT_TARGET:
            break
        if not ok or not results[path]["valid"]:
            continue
        pts = []
        for poly in coords:
            for ring in poly:
                for a, b in zip(ring, ring[1:]):
                    pts.append((a[0], a[1]))
                    pts.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        xmin, ymin, xmax, ymax = geom.bounds
        for _ in range(max(40, len(pts))):
            pts.append((rng_points.uniform(xmin - 0.1, xmax + 0.1), rng_points.uniform(ymin - 0.1, ymax + 0.1)))
        pts = [(x, y) for x, y in pts if -180 <= x <= 180 and -90 <= y <= 90]
        got, error = run_contains(ctl, path, pts)
        if got is None:
            location_bad.append((path, cat, "contains failed", error[:300]))
            continue
        for point, g, want in disagreements(geom, pts, got):
            location_bad.append((path, cat, point, f"routingd {g}, shapely {want}"))
        point_total += len(pts)

    # Union semantics on box MultiPolygons (apple profile: overlapping parts are notes there).
    union_points = 0
    union_bad = []
    rng_union = random.Random(SEED + 2)
    for index in range(UNION_CASES):
        parts = []
        for _ in range(rng_union.randint(2, 5)):
            x0, y0 = rng_union.randint(0, 8) / 2, rng_union.randint(0, 8) / 2
            parts.append([box(x0, y0, x0 + rng_union.randint(1, 6) / 2, y0 + rng_union.randint(1, 6) / 2)])
        path = os.path.join(tmp, f"union{index:04d}.geojson")
        with open(path, "w") as f:
            json.dump({"type": "MultiPolygon", "coordinates": parts}, f)
        union = shapely.union_all([shapely.Polygon(p[0]) for p in parts])
        pts = [(x / 4, y / 4) for x in range(-1, 30) for y in range(-1, 30)]
        got, error = run_contains(ctl, path, pts, profile="apple")
        if got is None:
            union_bad.append((path, "contains failed", error[:300]))
            continue
        for point, g, want in disagreements(union, pts, got):
            union_bad.append((path, point, f"routingd {g}, union {want}"))
        union_points += len(pts)

    elapsed = time.time() - started
    print(f"geos differential: shapely {shapely.__version__}, GEOS {shapely.geos_version_string}, seed {SEED}")
    print(f"  {len(cases)} geometries ({sum(1 for e in expected if e)} valid per GEOS); by category (valid/invalid):")
    for cat, (v, inv) in sorted(by_category.items()):
        print(f"    {cat:16} {v:5} / {inv}")
    print(f"  validity disagreements: {len(validity_bad)} (+{len(validity_known)} documented)")
    for path, cat, ok, reason, got, geometry, diags in validity_bad[:20]:
        print(f"    {os.path.basename(path)} [{cat}] shapely {'valid' if ok else 'invalid'} ({reason}), routingd {'valid' if got else 'invalid'}")
        print(f"      {json.dumps(geometry)}")
        for d in diags[:4]:
            print(f"      {d.get('severity')} {d.get('rule')}: {d.get('message')}")
    print(f"  points checked: {point_total}; location disagreements: {len(location_bad)}")
    for entry in location_bad[:20]:
        print("    " + " ".join(str(e) for e in entry))
    print(f"  union semantics: {UNION_CASES} box MultiPolygons, {union_points} points; disagreements: {len(union_bad)}")
    for entry in union_bad[:20]:
        print("    " + " ".join(str(e) for e in entry))
    failed = bool(validity_bad or location_bad or union_bad or point_total < POINT_TARGET)
    print(f"  {elapsed:.1f} s; files left in {tmp}" if failed else f"  {elapsed:.1f} s")
    if point_total < POINT_TARGET:
        print(f"  FAIL: only {point_total} points checked, want {POINT_TARGET}")
    if not failed:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
