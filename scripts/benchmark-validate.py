#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Benchmark: validate a generated MultiPolygon of 1,000,000 positions with routingctl, and with
shapely (GEOS) `from_geojson` + `is_valid` on the same file, on the same machine, in one run.

Usage: python3 scripts/benchmark-validate.py [BIN_DIR] [--positions N] [--runs R] [--jagged]
                                            [--taskset CPU] [--baseline ROUTINGCTL]
  BIN_DIR defaults to the release build (`swift build -c release --show-bin-path`).
  --taskset CPU pins this process, hence shapely and every routingctl it starts, to that one
  processor (as `taskset -c CPU python3 ...`): the one-core comparison.
  --baseline ROUTINGCTL also times another routingctl binary (e.g. a copy of the build before a
  change) on the same file in the same run, for before/after figures side by side.
  Needs `pip install shapely`. Prints the timings and the ratio; record them in BENCHMARKS.md.

The file: 1,000 star-shaped polygons of 1,000 positions each (999 corners + the closing repeat),
one per cell of a 40 x 25 grid over the world, so they never touch: valid for GEOS and for the
geojson profile. Coordinates have 7 decimals, as GDAL writes RFC 7946 files. Fixed seed. By default
the outlines are smooth (a few random harmonics of the radius, plus a little noise, like a simplified
boundary); with --jagged every corner gets an independent random radius, so every corner is a spike
and the boxes of neighbouring edges overlap (a hard case for any sweep, GEOS's included).

Both sides start from the file's bytes: routingctl reads the file itself (process start included);
shapely's time includes reading the file into a string. Each side runs R times, the sides taking
turns (so that a slow spell of the machine hits all of them); the best run of each counts.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time


def generate(positions: int, seed: int = 20261129, jagged: bool = False) -> str:
    """Smooth outlines (a few random harmonics plus a little noise, like a simplified boundary),
    or with `jagged` an independent random radius at every corner (every corner a spike)."""
    rng = random.Random(seed)
    per_polygon = 1000
    count = max(1, positions // per_polygon)
    columns, rows = 40, max(1, math.ceil(count / 40))
    cell_w, cell_h = 360 / columns, 170 / rows
    polygons = []
    for i in range(count):
        cx = -180 + cell_w * (i % columns + 0.5)
        cy = -85 + cell_h * (i // columns + 0.5)
        ring = []
        harmonics = [(rng.uniform(0, 0.06 / k), k, rng.uniform(0, 2 * math.pi)) for k in range(1, 9)]
        for j in range(per_polygon - 1):
            a = 2 * math.pi * j / (per_polygon - 1)
            if jagged:
                r = 0.25 + 0.2 * rng.random()
            else:
                r = 0.33 + sum(amp * math.sin(k * a + phase) for amp, k, phase in harmonics) + 0.0005 * rng.random()
            ring.append([round(cx + r * cell_w * math.cos(a), 7), round(cy + r * cell_h * math.sin(a), 7)])
        ring.append(ring[0])
        polygons.append([ring])
    return json.dumps({"type": "MultiPolygon", "coordinates": polygons}, separators=(",", ":"))


def best_of_turns(runs, fns):
    """Runs every function of `fns` once per round, `runs` rounds; returns (best time, last result)
    for each, in order."""
    times = [[] for _ in fns]
    results = [None for _ in fns]
    for _ in range(runs):
        for k, fn in enumerate(fns):
            start = time.perf_counter()
            results[k] = fn()
            times[k].append(time.perf_counter() - start)
    return [(min(t), r) for t, r in zip(times, results)]


def main() -> int:
    args = sys.argv[1:]
    positions, runs = 1_000_000, 3
    jagged = "--jagged" in args
    if jagged:
        args.remove("--jagged")
    if "--positions" in args:
        i = args.index("--positions"); positions = int(args[i + 1]); del args[i:i + 2]
    if "--runs" in args:
        i = args.index("--runs"); runs = int(args[i + 1]); del args[i:i + 2]
    baseline = None
    if "--baseline" in args:
        i = args.index("--baseline"); baseline = args[i + 1]; del args[i:i + 2]
    cpu = None
    if "--taskset" in args:
        i = args.index("--taskset"); cpu = int(args[i + 1]); del args[i:i + 2]
    if args:
        bin_dir = args[0]
    else:
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    routingctl = os.path.join(bin_dir, "routingctl")
    if cpu is not None:
        # Inherited by every routingctl started below; shapely runs in this process.
        os.sched_setaffinity(0, {cpu})
        print(f"pinned to processor {cpu} (both sides)")
    try:
        import shapely
    except ImportError:
        print("shapely is missing: pip install shapely", file=sys.stderr)
        return 2

    text = generate(positions, jagged=jagged)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "benchmark.geojson")
        with open(path, "w") as f:
            f.write(text)
        n = text.count("],[") + 1
        print(f"file: {len(text) / 1e6:.1f} MB, about {n:,} positions, {positions // 1000} {'jagged' if jagged else 'smooth'} polygons")

        def ours(profile, binary=routingctl):
            def run():
                p = subprocess.run([binary, "validate", "--json", "--profile", profile, path],
                                   capture_output=True, text=True)
                if p.returncode not in (0, 1):
                    raise SystemExit(f"routingctl failed ({p.returncode}): {p.stderr}")
                return json.loads(p.stdout)["files"][0]["valid"]
            return run

        def theirs():
            with open(path) as f:
                geometry = shapely.from_geojson(f.read())
            return bool(shapely.is_valid(geometry))

        fns = [ours("geojson"), ours("apple"), theirs] + ([ours("geojson", baseline)] if baseline else [])
        measured = best_of_turns(runs, fns)
        (t_geojson, v_geojson), (t_apple, _), (t_shapely, v_shapely) = measured[:3]
        print(f"routingctl validate --profile geojson: {t_geojson:.3f} s (valid: {v_geojson})")
        print(f"routingctl validate --profile apple:   {t_apple:.3f} s (invalid by Apple's 20-polygon limit, as expected)")
        print(f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string}) from_geojson + is_valid: {t_shapely:.3f} s (valid: {v_shapely})")
        print(f"ratio routingctl(geojson) / shapely: {t_geojson / t_shapely:.2f}")
        if baseline:
            t_base, v_base = measured[3]
            print(f"baseline {baseline} --profile geojson: {t_base:.3f} s (valid: {v_base}); ratio baseline / shapely: {t_base / t_shapely:.2f}")
        if v_geojson != v_shapely:
            print("validity disagrees: this is a bug", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
