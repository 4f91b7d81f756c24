#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What an installed routingd ships besides the programs: a DESTDIR install (of the static build
.ci/service_check.py made, SKIP_BUILD) holds the licence, the notice, the docs, the manual pages and
the shell completions; each page renders with man -l and groff -ww without a warning; the completion
files pass bash -n, zsh -n and fish --no-execute; bash completes `routingctl val` to `validate` and
`--format osm` from the installed routingctl's own list; the installed routingctl's see: lines name
the installed rule catalogue; uninstall removes it all.

    python3 .ci/install_check.py [SCRATCH_PATH]   (default .build/static)
"""

import os
import shutil
import subprocess
import sys
import tempfile

from checklib import Tally

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
check = Tally()

PAGES = {"routingctl.1": "man1", "routingd.routingapp.5": "man5", "routingd.8": "man8"}
COMPLETIONS = {
    "bash": "usr/share/bash-completion/completions/routingctl",
    "zsh": "usr/share/zsh/vendor-completions/_routingctl",
    "fish": "usr/share/fish/vendor_completions.d/routingctl.fish",
}


def run(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, **kwargs)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main():
    scratch = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "static")
    tmp = tempfile.mkdtemp(prefix="routingd-install-")
    try:
        destdir = os.path.join(tmp, "root")
        env = dict(os.environ, DESTDIR=destdir, PREFIX="/usr", SKIP_BUILD="1", SKIP_SYSTEM_SETUP="1",
                   SCRATCH_PATH=scratch)
        p = run(["bash", "scripts/install"], cwd=ROOT, env=env)
        check("scripts/install (DESTDIR, SKIP_BUILD) installs", p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:])
        if p.returncode != 0:
            return
        usr = os.path.join(destdir, "usr")
        doc = os.path.join(usr, "share/doc/routingd")

        print("-- licence, notice, docs")
        for name in ["LICENSE", "NOTICE", "README.md"]:
            installed = os.path.join(doc, name)
            check(f"share/doc/routingd/{name} is the repository's", os.path.isfile(installed)
                  and read(installed) == read(os.path.join(ROOT, name)))
        check("LICENSE is the Apache License 2.0", "Apache License" in read(os.path.join(doc, "LICENSE"))
              and "Version 2.0" in read(os.path.join(doc, "LICENSE")))
        check("NOTICE names GeoNames and CC BY 4.0", "GeoNames" in read(os.path.join(doc, "NOTICE"))
              and "Creative Commons Attribution 4.0" in read(os.path.join(doc, "NOTICE")))
        for name in sorted(os.listdir(os.path.join(ROOT, "docs"))):
            if name.endswith(".md"):
                check(f"share/doc/routingd/{name} is installed", os.path.isfile(os.path.join(doc, name)))

        print("-- see: lines of the installed routingctl")
        bad = os.path.join(tmp, "open-ring.geojson")
        with open(bad, "w") as f:
            f.write('{"type":"MultiPolygon","coordinates":[[[[0,0],[4,0],[4,4],[0,4]]]]}\n')
        p = run([os.path.join(usr, "bin/routingctl"), "validate", bad], cwd=tmp)
        want = f"see: {doc}/coverage-rules.md#ring-not-closed"
        check("validate names the installed catalogue: " + want, p.returncode == 1 and want in p.stdout,
              p.stdout + p.stderr)

        print("-- manual pages")
        version = run([os.path.join(usr, "bin/routingd"), "--version"]).stdout.split()[-1]
        for page, section in PAGES.items():
            path = os.path.join(usr, "share/man", section, page)
            if not os.path.isfile(path):
                check(f"share/man/{section}/{page} is installed", False)
                continue
            check(f"share/man/{section}/{page} is installed", True)
            text = read(path)
            title = page.rsplit(".", 1)[0].upper()
            th = next((line for line in text.splitlines() if line.startswith(".TH ")), "")
            check(f"{page}: .TH names {title}, section {section[3:]} and routingd {version}",
                  th.startswith(f".TH {title} {section[3:]} ") and f'"routingd {version}"' in th, th)
            p = run(["groff", "-man", "-ww", "-z", "-Tutf8", path], env=dict(os.environ, LC_ALL="C.UTF-8"))
            check(f"groff -man -ww -z {page}: no warning", p.returncode == 0 and p.stderr == "", p.stderr)
            p = run(["man", "--warnings", "-l", path], env=dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8"))
            check(f"man -l {page}: renders without a warning", p.returncode == 0 and p.stderr == ""
                  and "NAME" in p.stdout and "SEE ALSO" in p.stdout, p.stderr[:2000])
            if shutil.which("lexgrog"):
                p = run(["lexgrog", path])
                check(f"lexgrog {page}: mandb reads its NAME line", p.returncode == 0 and " - " in p.stdout,
                      p.stdout + p.stderr)

        print("-- completions")
        for shell, rel in COMPLETIONS.items():
            check(f"{shell} completion {rel} is installed", os.path.isfile(os.path.join(destdir, rel)))
        bash_file = os.path.join(destdir, COMPLETIONS["bash"])
        p = run(["bash", "-n", bash_file])
        check("bash -n on the bash completion", p.returncode == 0 and p.stderr == "", p.stderr)
        p = run(["zsh", "-n", os.path.join(destdir, COMPLETIONS["zsh"])])
        check("zsh -n on the zsh completion", p.returncode == 0 and p.stderr == "", p.stderr)
        if shutil.which("fish"):
            fish_file = os.path.join(destdir, COMPLETIONS["fish"])
            p = run(["fish", "--no-execute", fish_file])
            check("fish --no-execute on the fish completion", p.returncode == 0 and p.stderr == "", p.stderr)
            p = run(["fish", "--no-config", "-c", f"source {fish_file}; complete -C 'routingctl val'"])
            check("fish completes 'routingctl val' to validate", p.stdout.split("\t")[0] == "validate",
                  p.stdout + p.stderr)
        else:
            print("info fish is not installed: the fish completion is not checked")

        def complete(*words):
            """COMPREPLY of _routingctl for COMP_WORDS=words (the last one being completed)."""
            quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
            script = (f"source '{bash_file}'; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; "
                      f"_routingctl; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
            p = run(["bash", "--norc", "--noprofile", "-c", script], cwd=tmp)
            return p.stdout.split(), p.stderr

        got, err = complete("routingctl", "val")
        check("bash completes 'routingctl val' to validate", got == ["validate"], f"{got} {err}")
        got, err = complete("routingctl", "--socket", "/x", "loc")
        check("bash completes a command after a global option: 'loc' → location", got == ["location"], f"{got} {err}")
        got, err = complete("routingctl", "validate", "--profile", "")
        check("bash completes --profile to apple, geojson", got == ["apple", "geojson"], f"{got} {err}")
        got, err = complete("routingctl", "validate", "--format", "")
        check("bash completes validate --format to gcc, json, sarif, geojson", got == ["gcc", "json", "sarif", "geojson"], f"{got} {err}")
        routingctl = os.path.join(usr, "bin/routingctl")
        got, err = complete(routingctl, "link", "--format", "osm")
        check("bash completes link --format osm from the installed routingctl's list",
              got == ["osm", "osmand", "osmand-api"], f"{got} {err}")
        got, err = complete(routingctl, "link", "--format", "")
        check("bash offers every link format and all", "all" in got and "geo" in got and "moovit" in got, f"{got} {err}")

        print("-- uninstall")
        p = run(["bash", "scripts/install", "uninstall"], cwd=ROOT, env=env)
        left = [os.path.join(d, f) for d, _, files in os.walk(destdir) for f in files]
        check("uninstall leaves no file", p.returncode == 0 and not left, p.stdout + p.stderr + str(left))
        check("uninstall removes share/doc/routingd", not os.path.exists(doc))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"install checks: {check.passed} passed, {check.failed} failed")
        sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
