#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian package (debian/, debian/README.source): build it with dpkg-buildpackage -us -uc -b -d
# from a copy of this tree in a temporary directory (its ../*.deb land there, not beside the
# clone), run lintian on the .changes (its output goes to the log; any error fails), and check
# what the .deb holds and what its maintainer scripts do.
#
#   .ci/debian_check.sh [SCRATCH_PATH]   (default .build/static)
#
# Debian 12 has no Swift toolchain package, so -d ignores the Build-Depends on swiftlang and the
# toolchain comes from /opt/swift/usr/bin. The static release build in SCRATCH_PATH (what
# scripts/install builds, and .ci/service_check.py and .ci/install_check.py use) is brought up to
# date here and handed to debian/rules (ROUTINGD_PREBUILT_SCRATCH), so CI builds the programs once.
# Installs dpkg-dev, debhelper and lintian with apt-get when one is missing (CI runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export PATH="/opt/swift/usr/bin:$PATH"
SCRATCH="${1:-$ROOT/.build/static}"
case "$SCRATCH" in /*) ;; *) SCRATCH="$ROOT/$SCRATCH" ;; esac

missing=()
command -v dpkg-buildpackage >/dev/null || missing+=(dpkg-dev)
command -v dh >/dev/null || missing+=(debhelper)
command -v lintian >/dev/null || missing+=(lintian)
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

echo "-- the static release build ($SCRATCH, incremental)"
SCRATCH_PATH="$SCRATCH" scripts/install build >/dev/null

work="$(mktemp -d /tmp/routingd-deb.XXXXXX)"
trap 'rm -rf -- "$work"' EXIT
version="$(dpkg-parsechangelog -S Version)"
upstream="${version%-*}"
src="$work/routingd-$upstream"
mkdir -p "$src"
# The working tree as it is (tracked and new files, not ignored ones): what SCRATCH was built from.
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$src"

echo "-- dpkg-buildpackage -us -uc -b -d (in $src)"
start=$SECONDS
if ! (cd "$src" && ROUTINGD_PREBUILT_SCRATCH="$SCRATCH" dpkg-buildpackage -us -uc -b -d) > "$work/build.log" 2>&1; then
    tail -n 60 "$work/build.log"
    echo "debian: dpkg-buildpackage failed (the last 60 lines of its log above)"
    exit 1
fi
grep -E '^dh_missing|warning' "$work/build.log" | grep -v '^ *$' || true
pass "dpkg-buildpackage built the package in $((SECONDS - start))s"

changes="$(ls "$work"/routingd_"$version"_*.changes)"
deb="$(ls "$work"/routingd_"$version"_*.deb)"
echo "-- lintian $(basename "$changes")"
lintian_status=0
lintian --info --display-level '>=info' --fail-on error "$changes" > "$work/lintian.log" 2>&1 || lintian_status=$?
cat "$work/lintian.log"
errors="$(grep -c '^E: ' "$work/lintian.log" || true)"
warnings="$(grep -c '^W: ' "$work/lintian.log" || true)"
if [ "$lintian_status" -ne 0 ] || [ "$errors" -gt 0 ]; then
    fail "lintian: $errors errors (exit status $lintian_status)"
else
    pass "lintian: no errors ($warnings warnings; debian/README.source says why those stay)"
fi

echo "-- what $(basename "$deb") holds"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's#^\./#/#' > "$work/contents"
expect() {  # expect PATTERN WHAT: an installed path matches the extended regex PATTERN.
    if grep -Eq "^$1\$" "$work/contents"; then pass "$2"; else fail "$2: no path matches ^$1\$"; fi
}
expect '/usr/bin/routingd' "the daemon"
expect '/usr/bin/routingctl' "the client"
expect '(/usr)?/lib/systemd/system/routingd\.service' "the system service"
expect '(/usr)?/lib/systemd/system/routingd\.socket' "the system socket"
expect '/usr/lib/systemd/system/routingd\.service\.d/notify-reload\.conf' "the inert notify-reload drop-in"
expect '/usr/lib/systemd/user/routingd\.service' "the user service"
expect '/usr/lib/systemd/user/routingd\.socket' "the user socket"
expect '/usr/lib/sysusers\.d/routingd\.conf' "the sysusers file"
expect '/usr/share/man/man1/routingctl\.1\.gz' "routingctl(1)"
expect '/usr/share/man/man5/routingd\.routingapp\.5\.gz' "routingd.routingapp(5)"
expect '/usr/share/man/man8/routingd\.8\.gz' "routingd(8)"
expect '/usr/share/bash-completion/completions/routingctl' "the bash completion"
expect '/usr/share/zsh/vendor-completions/_routingctl' "the zsh completion"
expect '/usr/share/fish/vendor_completions\.d/routingctl\.fish' "the fish completion"
expect '/usr/share/applications/routingd-open\.desktop' "the desktop entry"
expect '/usr/share/routingd/interfaces/org\.routingd\.Directions\.varlink' "the varlink interface"
expect '/usr/share/routingd/coverage/.+\.geojson' "the sample coverage"
expect '/usr/share/doc/routingd/copyright' "the copyright file"
expect '/usr/share/doc/routingd/NOTICE' "the notice"
expect '/usr/share/doc/routingd/coverage-rules\.md' "the rule catalogue, uncompressed (routingctl's see: lines name it)"
if grep -q 'install-manifest' "$work/contents"; then fail "scripts/install's manifest is not for a package"; else pass "no install-manifest"; fi

mkdir -p "$work/deb" "$work/control"
dpkg-deb -x "$deb" "$work/deb"
dpkg-deb -e "$deb" "$work/control"
grep -q 'GeoNames' "$work/deb/usr/share/doc/routingd/copyright" && grep -q 'CC-BY-4.0' "$work/deb/usr/share/doc/routingd/copyright" \
    && pass "copyright names GeoNames under CC-BY-4.0" || fail "copyright does not name GeoNames under CC-BY-4.0"
if ldd "$work/deb/usr/bin/routingctl" | grep -q libswift; then fail "routingctl needs the Swift runtime"; else pass "routingctl has the Swift runtime linked in"; fi
"$work/deb/usr/bin/routingctl" --version | grep -q "routingctl $upstream" && pass "routingctl --version says $upstream" \
    || fail "routingctl --version does not say $upstream"
# The see: lines of the packaged routingctl name the packaged (uncompressed) rule catalogue.
see="$(cd "$work" && printf '{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1]]]]}' \
    | "$work/deb/usr/bin/routingctl" validate - 2>/dev/null | grep 'see:' || true)"
case "$see" in
    *"see: $work/deb/usr/share/doc/routingd/coverage-rules.md#ring-not-closed") pass "routingctl's see: lines name the packaged rule catalogue" ;;
    *) fail "routingctl's see: line is '$see', not the packaged rule catalogue" ;;
esac
grep -q 'systemd-sysusers' "$work/control/postinst" && pass "postinst creates the routingd user (systemd-sysusers)" \
    || fail "postinst does not run systemd-sysusers"
grep -q 'routingd.socket' "$work/control/postinst" && pass "postinst enables and starts routingd.socket" \
    || fail "postinst does not handle routingd.socket"
dpkg-deb -I "$deb" | sed -n '/^ Package:/,/^ Description:/p'
echo "-- postinst"
cat "$work/control/postinst"

[ "$failures" -eq 0 ] || { echo "debian: $failures checks failed"; exit 1; }
echo "debian: the package builds, lintian finds no error, and it holds what it should"
