#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Instructions per parsed link inside DirectionsURLParser.parseLink, counted by callgrind (stable
# under load, unlike the wall clock). Needs valgrind (apt-get install -y valgrind).
#
#   scripts/instructions-per-link.sh [link-benchmark arguments, e.g. --only geo: or --link URL]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
swift build -c release --product link-benchmark >/dev/null
bin="$(swift build -c release --show-bin-path)/link-benchmark"
out="$(mktemp)"
trap 'rm -f "$out" "$out.txt"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" \
  --toggle-collect='$s15DirectionsLinks0A9URLParserV9parseLinky*' \
  "$bin" --rounds 1 --seconds 0.3 "$@" > "$out.txt" 2>&1
python3 - "$out" "$out.txt" <<'PY'
import re, sys
text = open(sys.argv[2]).read()
collected = int(re.search(r"Collected : (\d+)", text).group(1))
lines = open(sys.argv[1]).read().split("\n")
names, calls = {}, 0
for i, line in enumerate(lines):
    m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
    if not m:
        continue
    if m.group(2):
        names[m.group(1)] = m.group(2)
    if line.startswith("cfn") and "URLParserV9parseLinky" in names.get(m.group(1), "") \
            and i + 1 < len(lines) and lines[i + 1].startswith("calls="):
        calls += int(lines[i + 1].split("=")[1].split()[0])
print(f"{collected // max(calls, 1)} instructions per link ({calls} parses)")
PY
