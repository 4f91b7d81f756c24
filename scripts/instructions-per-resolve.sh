#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Instructions per varlink Resolve call in the release routingd, counted by callgrind (stable under
# load, unlike the wall clock): the whole daemon (every thread: reading the call, deciding, encoding
# and writing the reply) runs once with FEW and once with MANY calls of the recipe's route over one
# connection, counted from its first answer to its last; the difference divided by MANY - FEW is the cost
# of one call, what is left of start-up and shut-down cancelling out. Then the functions that cost most per call, the same way (inclusive, then self).
# Needs valgrind (apt-get install -y valgrind) and python3.
#
#   scripts/instructions-per-resolve.sh [--apps N [--covering K]] [--calls MANY] [--top K] [--binary PATH]
#     --apps N     N generated small apps (fixed seed, a few cover London) instead of Coverage/'s 3
#     --covering K K of them (evenly spread) cover London and are listed; default one in 1,000
#     --calls MANY calls in the long run (default 600; the short run makes 100)
#     --binary PATH  measure this routingd (another build, for before/after) instead of building
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '10,14s/^# \{0,1\}//p' "$0"; }
apps=0 many=600 top=12 few=100 bin= covering=0
while [ $# -gt 0 ]; do
  case "$1" in
    --apps) apps="$2"; shift 2 ;;
    --binary) bin="$2"; shift 2 ;;
    --covering) covering="$2"; shift 2 ;;
    --calls) many="$2"; shift 2 ;;
    --top) top="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
[ "$many" -gt "$few" ] || { echo "--calls must be more than $few" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
if [ -z "$bin" ]; then
  swift build -c release --product routingd >/dev/null
  bin="$(swift build -c release --show-bin-path)/routingd"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
coverage="$PWD/Coverage"
if [ "$apps" -gt 0 ]; then
  coverage="$tmp/coverage"
  mkdir -p "$coverage"
  python3 - "$coverage" "$apps" "$covering" <<'PY'
import random, sys
directory, count, covering = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
every = max(1, count // covering) if covering > 0 else 1000
rng = random.Random(18)
for i in range(count):
    if i % every == 0:  # covers Westminster and Big Ben
        w, s, e, n = -0.5, 51.3, 0.3, 51.7
    else:  # a small box somewhere else
        w, s = rng.uniform(-170, 160), rng.uniform(-60, 40)
        e, n = w + rng.uniform(0.01, 2), s + rng.uniform(0.01, 2)
    with open(f"{directory}/app{i:05d}.geojson", "w") as f:
        # A MultiPolygon, as Apple requires of a coverage file (a Polygon is refused, and the
        # daemon would have no app).
        f.write('{"type":"MultiPolygon","coordinates":[[[[%r,%r],[%r,%r],[%r,%r],[%r,%r],[%r,%r]]]]}'
                % (w, s, e, s, e, n, w, n, w, s))
PY
fi

# One daemon run under callgrind making CALLS Resolve calls; prints its total instruction count.
run() {
  local calls="$1" out="$tmp/callgrind.$1"
  local socket="$tmp/s$1/org.routingd.Directions"
  mkdir -p "$tmp/s$1" "$tmp/xdg" "$tmp/state$1"
  # The state directory (where SetCurrentLocation's file goes) apart from the data directory: its
  # creation under the watched ~/.local/share would set off a reload, counted in one run only.
  XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/xdg" XDG_STATE_HOME="$tmp/state$1" \
    valgrind --tool=callgrind --callgrind-out-file="$out" --instr-atstart=no \
    "$bin" --socket "$socket" --coverage "$coverage" > "$tmp/log.$calls" 2>&1 &
  local pid=$!
  python3 - "$socket" "$calls" "$pid" <<'PY'
import json, os, socket, subprocess, sys, time
path, calls, pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
deadline = time.time() + 300
while not os.path.exists(path):
    if time.time() > deadline:
        sys.exit("routingd did not create its socket")
    time.sleep(0.1)
s = socket.socket(socket.AF_UNIX)
s.connect(path)
buffered = b""
def call(method, parameters):
    global buffered
    s.sendall(json.dumps({"method": method, "parameters": parameters}).encode() + b"\0")
    while b"\0" not in buffered:
        chunk = s.recv(1 << 16)
        if not chunk:
            sys.exit("routingd closed the connection")
        buffered += chunk
    message, buffered = buffered.split(b"\0", 1)
    reply = json.loads(message)
    if "error" in reply:
        sys.exit(f"{method}: {reply}")
    return reply["parameters"]
# The daemon answers once it has started (it may bind its socket before loading the apps).
call("org.varlink.service.GetInfo", {})
# Instructions are counted from here on, not during start-up (which, validating many apps on
# several threads, varies by more than the calls cost). callgrind takes the command when the daemon
# next runs code: at the latest its sweep timer's next tick (250 ms).
subprocess.run(["callgrind_control", "-i", "on", pid], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
call("org.routingd.Directions.SetCurrentLocation", {"latitude": 51.500543, "longitude": -0.135702})
url = "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w"
for _ in range(calls):
    reply = call("org.routingd.Directions.Resolve", {"url": url})
# Nor shut-down (freeing the apps), which varies too.
call("org.varlink.service.GetInfo", {})
subprocess.run(["callgrind_control", "-i", "off", pid], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
if calls:
    print(f"  reply: {len(json.dumps(reply))} bytes, {len(reply['apps'])} apps listed, "
          f"{reply.get('ineligible', 0)} ruled out", file=sys.stderr)
s.close()
PY
  kill -TERM "$pid"
  wait "$pid" || true
  grep -o 'Collected : [0-9]*' "$tmp/log.$calls" | grep -o '[0-9]*$'
}
if [ "$apps" -gt 0 ]; then described="$apps generated apps"; [ "$covering" -gt 0 ] && described+=" ($covering covering London)"; else described="the 3 apps of Coverage/"; fi
echo "routingd under callgrind: $few calls, then $many, with $described" >&2
short="$(run "$few")"
long="$(run "$many")"
echo "$(( (long - short) / (many - few) )) instructions per Resolve"
# Per call, by function: the difference between the two runs' counts divided by the difference in
# calls, so start-up (validation, the gazetteer) drops out and what remains is what a Resolve costs.
per_call() {
  python3 - "$tmp/$1.$few" "$tmp/$1.$many" "$(( many - few ))" "$top" <<'PY'
import re, sys
def load(path):
    costs = {}
    for line in open(path, errors="replace"):
        m = re.match(r"\s*([\d,]+) (?:\([^)]*\)\s+)?(\S.*)$", line)
        if m and ":" in m.group(2) and "PROGRAM TOTALS" not in m.group(2):
            costs[m.group(2)] = costs.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return costs
short, long = load(sys.argv[1]), load(sys.argv[2])
calls, top = int(sys.argv[3]), int(sys.argv[4])
rows = sorted(((long.get(k, 0) - short.get(k, 0)) / calls, k) for k in long)
for cost, name in reversed(rows[-top:]):
    print(f"{cost:>10,.0f}  {name[:170]}")
PY
}
for calls in "$few" "$many"; do
  callgrind_annotate --inclusive=yes "$tmp/callgrind.$calls" > "$tmp/inclusive.$calls" 2>/dev/null
  callgrind_annotate "$tmp/callgrind.$calls" > "$tmp/self.$calls" 2>/dev/null
done
echo "instructions per call by function, inclusive (the $many-call run minus the $few-call run):"
per_call inclusive
echo "instructions per call by function, self:"
per_call self
