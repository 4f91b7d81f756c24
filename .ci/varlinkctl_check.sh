#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# varlinkctl against routingd: Debian 12 has systemd 252 and no varlinkctl, so Debian 13's systemd,
# libsystemd-shared and libc6 (and libssl3t64: libsystemd-shared-257 needs OPENSSL_3.4.0, which
# Debian 12's libcrypto lacks; its other libraries are Debian 12's) are downloaded with apt-get (a Debian 13 source list and apt state of
# their own, in a temporary directory; the system's apt configuration is not touched), unpacked with
# dpkg-deb -x, and varlinkctl run through their own dynamic loader:
#   info, list-methods, introspect, validate-idl (both interfaces), call of each read method,
#   call --more on Monitor, call --oneway, and the exec: transport (routingd on a connected socket).
# When the packages cannot be fetched (no network, no x86-64), it says so on one line and exits 0.
#
#   bash .ci/varlinkctl_check.sh BIN      (BIN holds routingd and routingctl)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(cd "$1" && pwd)"

skip() { echo "varlinkctl: SKIPPED: $*"; exit 0; }
[ "$(uname -m)" = x86_64 ] || skip "the unpacked loader is x86-64's ($(uname -m) here)"
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || skip "apt-get and dpkg-deb are needed"

WORK="$(mktemp -d)"
DAEMON_PID=""
cleanup() {
  [ -n "$DAEMON_PID" ] && kill "$DAEMON_PID" 2>/dev/null && wait "$DAEMON_PID" 2>/dev/null
  rm -rf -- "$WORK"
}
trap cleanup EXIT

# -- fetch and unpack Debian 13's packages ----------------------------------------------------------
mkdir -p "$WORK/apt/lists/partial" "$WORK/apt/cache/archives/partial" "$WORK/debs" "$WORK/root"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
echo "deb [signed-by=$KEYRING] http://deb.debian.org/debian trixie main" > "$WORK/apt/sources.list"
APT=(-o "Dir::Etc::sourcelist=$WORK/apt/sources.list" -o "Dir::Etc::sourceparts=-"
     -o "Dir::State::Lists=$WORK/apt/lists" -o "Dir::Cache=$WORK/apt/cache"
     -o "Dir::State::status=/dev/null" -o "APT::Architecture=amd64" -o "Debug::NoLocking=1"
     -o "APT::Sandbox::User=root")
if ! apt-get "${APT[@]}" -qq update >"$WORK/apt.log" 2>&1; then
  skip "cannot fetch the Debian 13 (trixie) package lists: $(tail -n 1 "$WORK/apt.log")"
fi
if ! (cd "$WORK/debs" && apt-get "${APT[@]}" -qq download systemd libsystemd-shared libc6 libssl3t64) >>"$WORK/apt.log" 2>&1; then
  skip "cannot download Debian 13's systemd, libsystemd-shared, libc6 and libssl3t64: $(tail -n 1 "$WORK/apt.log")"
fi
for deb in "$WORK"/debs/*.deb; do dpkg-deb -x "$deb" "$WORK/root"; done
ROOT="$WORK/root"
# Debian 13's libc6 ships the loader under /usr (merged /usr); older layouts had /lib64.
LOADER="$ROOT/usr/lib64/ld-linux-x86-64.so.2"
[ -e "$LOADER" ] || LOADER="$ROOT/lib64/ld-linux-x86-64.so.2"
VARLINKCTL=("$LOADER" --library-path
            "$ROOT/usr/lib/x86_64-linux-gnu:$ROOT/usr/lib/x86_64-linux-gnu/systemd" "$ROOT/usr/bin/varlinkctl")
version="$("${VARLINKCTL[@]}" --version | head -n 1)" || skip "the unpacked varlinkctl does not run here"
echo "varlinkctl: $version ($(cd "$WORK/debs" && echo *.deb))"

# -- the daemon ----------------------------------------------------------------------------------------
mkdir -p "$WORK/coverage" "$WORK/apps" "$WORK/state"
cat > "$WORK/coverage/Paris.geojson" <<'GEOJSON'
{"type":"MultiPolygon","coordinates":[[[[2.05,48.65],[2.65,48.65],[2.65,49.05],[2.05,49.05],[2.05,48.65]]]]}
GEOJSON
SOCK="$WORK/run/org.routingd.Directions"
"$BIN/routingd" --socket "$SOCK" --apps "$WORK/apps" --coverage "$WORK/coverage" --state-directory "$WORK/state" \
  2>"$WORK/routingd.log" &
DAEMON_PID=$!
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.1; done
[ -S "$SOCK" ] || { cat "$WORK/routingd.log"; echo "varlinkctl: FAIL routingd did not listen on $SOCK"; exit 1; }

passed=0
failed=0
# check NAME EXPECTED-TEXT COMMAND...: runs varlinkctl, passes when it succeeds and prints EXPECTED-TEXT.
check() {
  local name="$1" expected="$2"
  shift 2
  local output status=0
  output="$(timeout 30 "${VARLINKCTL[@]}" "$@" 2>&1)" || status=$?
  if [ "$status" -eq 0 ] && grep -qF -- "$expected" <<<"$output"; then
    passed=$((passed + 1))
    echo "ok   $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name (exit $status; expected '$expected')"
    sed 's/^/     /' <<<"$output" | head -n 20
  fi
}

A="unix:$SOCK"
check "info names the vendor, the url and both interfaces" "org.routingd.Coverage" info "$A"
check "info's url is the documentation" "README.md" info "$A"
check "list-interfaces" "org.routingd.Directions" list-interfaces "$A"
for iface in org.routingd.Directions org.routingd.Coverage; do
  check "list-methods $iface" "$([ "$iface" = org.routingd.Directions ] && echo Monitor || echo Validate)" list-methods "$A" "$iface"
  check "introspect $iface" "interface $iface" introspect "$A" "$iface"
  "$BIN/routingd" --print-interface "$iface" > "$WORK/$iface.varlink"
  check "validate-idl $iface (the installed IDL file)" "" validate-idl "$WORK/$iface.varlink"
done
check "call ListApps" '"id":"Paris"' call "$A" org.routingd.Directions.ListApps '{}'
check "call Resolve" '"eligible":true' call "$A" org.routingd.Directions.Resolve \
  '{"url":"http://maps.apple.com/?saddr=48.8530,2.3499&daddr=48.8584,2.2945&dirflg=w"}'
check "call DecideApps" '"apps"' call "$A" org.routingd.Directions.DecideApps \
  '{"request":{"destination":{"kind":"coordinate","latitude":48.8566,"longitude":2.3522}}}'
check "call BuildLink" '"url"' call "$A" org.routingd.Directions.BuildLink '{"url":"geo:48.8566,2.3522","format":"google"}'
check "call GetCurrentLocation" '"location"' call "$A" org.routingd.Directions.GetCurrentLocation '{}'
check "call org.varlink.service.GetInfo" '"vendor":"routingd"' call "$A" org.varlink.service.GetInfo '{}'
check "call Coverage.Validate" '"valid"' call "$A" org.routingd.Coverage.Validate \
  "{\"document\":$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' "$WORK/coverage/Paris.geojson")}"
check "call Coverage.Contains" '"contains":true' call "$A" org.routingd.Coverage.Contains \
  '{"appId":"Paris","latitude":48.8566,"longitude":2.3522}'
check "call org.varlink.service.GetInterfaceDescription" 'method Monitor()' call "$A" \
  org.varlink.service.GetInterfaceDescription '{"interface":"org.routingd.Directions"}'
check "call --oneway SetCurrentLocation" "" call --oneway "$A" org.routingd.Directions.SetCurrentLocation \
  '{"latitude":48.8584,"longitude":2.2945,"source":"varlinkctl"}'
check "... and the oneway call took effect" '"source":"varlinkctl"' call "$A" org.routingd.Directions.GetCurrentLocation '{}'
# varlinkctl exits non-zero on an error reply: check that separately.
if out="$(timeout 30 "${VARLINKCTL[@]}" call "$A" org.routingd.Directions.Monitor '{}' 2>&1)"; then
  failed=$((failed + 1)); echo "FAIL Monitor without --more succeeded: $out"
elif grep -q ExpectedMore <<<"$out"; then
  passed=$((passed + 1)); echo "ok   Monitor without --more: ExpectedMore"
else
  failed=$((failed + 1)); echo "FAIL Monitor without --more: $out"
fi
# call --more: the state, then a change made meanwhile, read as it streams; varlinkctl runs until
# the stream ends, so it is stopped after the change has come.
"${VARLINKCTL[@]}" call --more "$A" org.routingd.Directions.Monitor '{}' > "$WORK/monitor.out" 2>&1 &
MONITOR=$!
for _ in $(seq 100); do grep -q '"state"' "$WORK/monitor.out" 2>/dev/null && break; sleep 0.1; done
"${VARLINKCTL[@]}" call "$A" org.routingd.Directions.ClearCurrentLocation '{}' >/dev/null
for _ in $(seq 100); do grep -q locationCleared "$WORK/monitor.out" 2>/dev/null && break; sleep 0.1; done
kill "$MONITOR" 2>/dev/null || true
{ wait "$MONITOR" || true; } 2>/dev/null
if grep -q '"state"' "$WORK/monitor.out" && grep -q '"locationCleared"' "$WORK/monitor.out"; then
  passed=$((passed + 1)); echo "ok   call --more Monitor: the state, then locationCleared as it happened"
else
  failed=$((failed + 1)); echo "FAIL call --more Monitor"; sed 's/^/     /' "$WORK/monitor.out" | head -n 20
fi

# exec: varlinkctl starts routingd itself on a connected socket (Accept=yes style); routingd serves
# that one connection and exits when varlinkctl closes it.
cat > "$WORK/routingd-exec" <<SH
#!/bin/sh
exec "$BIN/routingd" --apps "$WORK/apps" --coverage "$WORK/coverage" --state-directory "$WORK/state" 2>>"$WORK/exec.log"
SH
chmod +x "$WORK/routingd-exec"
check "exec: info" "org.routingd.Directions" info "exec:$WORK/routingd-exec"
check "exec: call ListApps" '"id":"Paris"' call "exec:$WORK/routingd-exec" org.routingd.Directions.ListApps '{}'
if grep -q "serving the connection on fd 3" "$WORK/exec.log" && grep -q "stopped: the connection closed" "$WORK/exec.log"; then
  passed=$((passed + 1)); echo "ok   exec: routingd served the connection and stopped when it closed"
else
  failed=$((failed + 1)); echo "FAIL exec: routingd's log"; sed 's/^/     /' "$WORK/exec.log" | head -n 20
fi

echo "varlinkctl: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
