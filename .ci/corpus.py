#!/usr/bin/env python3
"""Checks routingctl against the real-world corpus in ../shared/corpus.

For every coverage file listed in PROVENANCE.tsv: `routingctl validate --json` must give the
expected verdict (valid and valid-with-warnings are valid; invalid is invalid), files expected to
warn about more than 20 points must warn, and for valid files the listed inside point must be
covered and the outside point not (checked with `routingctl resolve --offline` on a temporary
directory holding just that file). The corpus is read in place and never copied into the repository.
Usage: corpus.py ROUTINGCTL SHARED_DIR
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

ctl = os.path.abspath(sys.argv[1])
shared = sys.argv[2]
corpus = os.path.join(shared, "corpus", "coverage")
if not os.path.isfile(os.path.join(corpus, "PROVENANCE.tsv")):
    print(f"corpus: SKIPPED, {corpus}/PROVENANCE.tsv not found (shared/ is not beside the checkout)")
    sys.exit(0)

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


with open(os.path.join(corpus, "PROVENANCE.tsv"), newline="") as f:
    rows = list(csv.DictReader(f, delimiter="\t"))

for row in rows:
    path = os.path.join(corpus, row["file"])
    p = subprocess.run([ctl, "validate", "--json", path], capture_output=True, text=True, timeout=60)
    report = json.loads(p.stdout)["files"][0]
    expected_valid = row["apple_verdict"] in ("valid", "valid-with-warnings")
    check(f"{row['file']}: verdict {row['apple_verdict']}", report["valid"] == expected_valid,
          json.dumps(report["diagnostics"])[:400])
    check(f"{row['file']}: exit status", p.returncode == (0 if expected_valid else 1), p.returncode)
    if "> 20" in row["reasons"]:
        check(f"{row['file']}: warns about more than 20 points",
              any(d["severity"] == "warning" for d in report["diagnostics"]), report["diagnostics"])
    if not expected_valid:
        continue
    tmp = tempfile.mkdtemp(prefix="routingd-corpus-")
    try:
        shutil.copy(path, os.path.join(tmp, "App.geojson"))
        for which, expected in (("inside", True), ("outside", False)):
            lon, lat = row[f"a_point_{which}_lon"], row[f"a_point_{which}_lat"]
            if lon == "-":
                continue
            url = f"geo:{lat},{lon}"
            p = subprocess.run([ctl, "resolve", "--json", "--offline", "--coverage", tmp,
                                "--current-location", f"{lat},{lon}", url],
                               capture_output=True, text=True, timeout=60)
            reply = json.loads(p.stdout) if p.stdout.strip() else {}
            apps = reply.get("apps", [])
            got = apps[0]["eligible"] if apps else None
            check(f"{row['file']}: {which} point {lat},{lon} covered={expected}", got is expected, p.stdout + p.stderr)
    finally:
        shutil.rmtree(tmp)

print(f"corpus: {len(rows)} coverage files; {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
