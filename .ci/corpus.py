#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks routingctl against the real-world corpus in ../shared/corpus, read in place (never copied
into the repository).

For every coverage file listed in coverage/PROVENANCE.tsv:
- `routingctl validate --json` gives the expected verdict: `valid` is valid with no warning,
  `valid-with-warnings` is valid with at least one warning, `invalid` is invalid; the exit status
  matches;
- each reason in the table is reported under its rule id (ring not closed, wrappers, hole, longitude
  out of range, more than 20 points, swapped axes); no other valid file gets `axes-swapped`;
- for valid files the listed inside point is `inside` and the outside point `outside`
  (`routingctl contains --json`);
- `routingctl validate --fix --output` makes the fixable files valid (wrappers, unclosed rings),
  leaves the unfixable ones invalid (holes, longitude 190) and is idempotent.
The seed recipe's London listing (seed/london-as-printed.geojson) must be valid and get `axes-swapped`.

Directions links (corpus/urls/cases.tsv, read in place): every row goes through
`routingctl resolve --offline --json`; a row whose expected answer starts with `error` must exit 1
with an `{"error":{code,message}}` object (or, where the row says "if accepted leniently it must be
LAT,LON", exit 0 with a warning and that destination) and must always exit 1 with `--strict`;
every other row must exit 0 with a request. Every row id
must also have a Swift test named after it under Tests/ (`@Test("<id>: …")`), where the row's
meaning is asserted exactly.
Usage: corpus.py ROUTINGCTL SHARED_DIR
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

from checklib import Tally

ctl = os.path.abspath(sys.argv[1])
shared = sys.argv[2]
corpus = os.path.join(shared, "corpus", "coverage")
if not os.path.isfile(os.path.join(corpus, "PROVENANCE.tsv")):
    print(f"corpus: SKIPPED, {corpus}/PROVENANCE.tsv not found (shared/ is not beside the checkout)")
    sys.exit(0)

check = Tally(show_passes=False, detail_limit=600)


def validate(path, *extra):
    p = subprocess.run([ctl, "validate", "--json", *extra, path], capture_output=True, text=True, timeout=60)
    return p.returncode, json.loads(p.stdout)["files"][0]


# Reason text in PROVENANCE.tsv -> the rule that must report it.
REASON_RULES = [
    ("ring not closed", "ring-not-closed"),
    ("FeatureCollection wrapper", "feature-collection-wrapper"),
    ("Feature wrapper", "feature-wrapper"),
    ("interior ring (hole)", "polygon-has-hole"),
    ("out of range", "longitude-out-of-range"),
    ("> 20", "too-many-points"),
    ("axes look swapped", "axes-swapped"),
]
# What --fix must achieve per file: True = becomes valid; False = stays invalid (unfixable).
UNFIXABLE_RULES = {"polygon-has-hole", "longitude-out-of-range", "too-many-polygons"}

with open(os.path.join(corpus, "PROVENANCE.tsv"), newline="") as f:
    rows = list(csv.DictReader(f, delimiter="\t"))

tmp = tempfile.mkdtemp(prefix="routingd-corpus-")
for row in rows:
    name, path = row["file"], os.path.join(corpus, row["file"])
    status, report = validate(path)
    rules = {d["rule"] for d in report["diagnostics"]}
    warnings = [d for d in report["diagnostics"] if d["severity"] == "warning"]
    verdict = row["apple_verdict"]
    expected_valid = verdict in ("valid", "valid-with-warnings")
    check(f"{name}: verdict {verdict}", report["valid"] == expected_valid, report["diagnostics"])
    check(f"{name}: exit status", status == (0 if expected_valid else 1), status)
    if verdict == "valid":
        check(f"{name}: no warning", not warnings, warnings)
    if verdict == "valid-with-warnings":
        check(f"{name}: warns", bool(warnings), report["diagnostics"])
    expected_rules = {rule for text, rule in REASON_RULES if text in row["reasons"]}
    if "FeatureCollection wrapper" in row["reasons"]:
        expected_rules.discard("feature-wrapper")
    for rule in sorted(expected_rules):
        check(f"{name}: reports {rule}", rule in rules, sorted(rules))
    if "axes-swapped" not in expected_rules:
        check(f"{name}: no axes-swapped", "axes-swapped" not in rules, report["diagnostics"])

    if expected_valid:
        points = []
        for which in ("inside", "outside"):
            lon, lat = row[f"a_point_{which}_lon"], row[f"a_point_{which}_lat"]
            if lon != "-":
                points.append((which, lat, lon))
        p = subprocess.run([ctl, "contains", "--json", path] + [v for _, lat, lon in points for v in (lat, lon)],
                           capture_output=True, text=True, timeout=60)
        answers = json.loads(p.stdout)["points"] if p.returncode == 0 else []
        check(f"{name}: contains answered", len(answers) == len(points), p.stdout + p.stderr)
        for (which, lat, lon), answer in zip(points, answers):
            check(f"{name}: {which} point {lat},{lon}", answer["location"] == which, answer)
    else:
        # --fix: fixable files become valid, unfixable ones stay invalid, and fixing twice changes nothing.
        fixed = os.path.join(tmp, "fixed-" + name)
        again = os.path.join(tmp, "again-" + name)
        p = subprocess.run([ctl, "validate", "--fix", "--output", fixed, path], capture_output=True, text=True, timeout=60)
        fixable = not (expected_rules & UNFIXABLE_RULES)
        check(f"{name}: --fix exit status {0 if fixable else 1}", p.returncode == (0 if fixable else 1), p.stdout + p.stderr)
        if os.path.exists(fixed):
            _, after = validate(fixed)
            check(f"{name}: fixed file valid={fixable}", after["valid"] == fixable, after["diagnostics"])
            subprocess.run([ctl, "validate", "--fix", "--output", again, fixed], capture_output=True, timeout=60)
            same = os.path.exists(again) and open(fixed, "rb").read() == open(again, "rb").read()
            check(f"{name}: --fix is idempotent", same)
        else:
            check(f"{name}: --fix wrote a file", False, p.stdout + p.stderr)

seed = os.path.join(shared, "corpus", "seed", "london-as-printed.geojson")
if os.path.isfile(seed):
    status, report = validate(seed)
    check("seed/london-as-printed: valid", report["valid"], report["diagnostics"])
    swapped = [d for d in report["diagnostics"] if d["rule"] == "axes-swapped"]
    check("seed/london-as-printed: axes-swapped warning", len(swapped) == 1, report["diagnostics"])
    if swapped:
        check("seed/london-as-printed: the warning names London", "London" in swapped[0]["message"], swapped[0])

print(f"corpus: {len(rows)} coverage files + the seed listing; {check.passed} passed, {check.failed} failed")

# Directions links.
url_cases = os.path.join(shared, "corpus", "urls", "cases.tsv")
url_rows = []
if os.path.isfile(url_cases):
    url_passed_before, url_failed_before = check.passed, check.failed
    with open(url_cases, newline="") as f:
        url_rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    swift_tests = []
    for folder, _, files in os.walk(os.path.join(repo, "Tests")):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    swift_tests.append(f.read())
    tests_text = "\n".join(swift_tests)
    coverage_dir = os.path.join(repo, "Coverage")
    for row in url_rows:
        rid, url, expected = row["id"], row["input_url"], row["expected"]
        p = subprocess.run([ctl, "resolve", "--offline", "--json", "--coverage", coverage_dir, "--", url],
                           capture_output=True, text=True, timeout=60)
        try:
            reply = json.loads(p.stdout)
        except ValueError:
            reply = {}
        if expected.strip().lower().startswith("error"):
            error = reply.get("error", {})
            lenient_ok = p.returncode == 1 and error.get("code") and error.get("message")
            # A row may allow a lenient repair ("if accepted leniently it must be LAT,LON"): then exit 0
            # is right only with a warning and exactly that destination; --strict must still refuse.
            allowed = re.search(r"if accepted leniently it must be (-?[0-9.]+),(-?[0-9.]+)", expected)
            if p.returncode == 0 and allowed:
                dest = reply.get("request", {}).get("destination", {})
                lenient_ok = bool(reply.get("warnings")) and (dest.get("latitude"), dest.get("longitude")) == (
                    float(allowed.group(1)), float(allowed.group(2)))
            check(f"{rid}: {url} is refused (exit 1, error object)" + (" or repaired as the row allows" if allowed else ""),
                  lenient_ok, p.stdout + p.stderr)
            q = subprocess.run([ctl, "resolve", "--offline", "--strict", "--json", "--coverage", coverage_dir, "--", url],
                               capture_output=True, text=True, timeout=60)
            try:
                strict_error = json.loads(q.stdout).get("error", {})
            except ValueError:
                strict_error = {}
            check(f"{rid}: {url} is refused with --strict", q.returncode == 1 and strict_error.get("code"), q.stdout + q.stderr)
        else:
            check(f"{rid}: {url} resolves (exit 0, request)",
                  p.returncode == 0 and "request" in reply and "destination" in reply["request"], p.stdout + p.stderr)
        check(f"{rid}: has a Swift test named after it", f'@Test("{rid}:' in tests_text,
              f'add @Test("{rid}: ...") under Tests/')
    print(f"corpus: {len(url_rows)} directions links; {check.passed - url_passed_before} passed, {check.failed - url_failed_before} failed")
else:
    print(f"corpus: SKIPPED directions links, {url_cases} not found")
sys.exit(1 if check.failed else 0)
