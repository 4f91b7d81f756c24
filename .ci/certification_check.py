#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""varlink certification both ways (python-varlink's varlink/tests/test_certification.py):
python-varlink's certification client against org.varlink.certification served by routingd's Varlink
library and event loop ($BIN/varlink-certification server), and routingd's own client library
($BIN/varlink-certification client) against python-varlink's certification server. Each must print
"Certification passed" and exit 0.

    python3 .ci/certification_check.py BIN
"""

import os
import subprocess
import sys
import tempfile

from checklib import Tally, wait_for

TIMEOUT = 60


def run_pair(check, name, server_argv, client_argv, sock):
    """Starts the server, waits for its socket, runs the client; checks the client's verdict."""
    server = subprocess.Popen(server_argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        if not wait_for(lambda: os.path.exists(sock), seconds=20):
            check(f"{name}: the server listens", False, f"no socket at {sock}")
            return
        client = subprocess.run(client_argv, capture_output=True, text=True, timeout=TIMEOUT)
        output = client.stdout + client.stderr
        passed = client.returncode == 0 and "Certification passed" in client.stdout
        check(f"{name}: Certification passed", passed, f"exit {client.returncode}\n{output}")
        if passed:
            # Show the end of the transcript: the streamed Test10 replies, the oneway Test11, End.
            print("\n".join("     " + line for line in client.stdout.strip().splitlines()[-5:]))
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main():
    bin_dir = sys.argv[1]
    tool = os.path.join(bin_dir, "varlink-certification")
    check = Tally()
    with tempfile.TemporaryDirectory(prefix="routingd-certification-") as tmp:
        ours = os.path.join(tmp, "routingd.sock")
        run_pair(
            check, "python-varlink client against the Swift server",
            [tool, "server", f"unix:{ours}"],
            [sys.executable, "-m", "varlink.tests.test_certification", "--client", f"--varlink=unix:{ours}"],
            ours)
        theirs = os.path.join(tmp, "python.sock")
        run_pair(
            check, "Swift client against the python-varlink server",
            [sys.executable, "-m", "varlink.tests.test_certification", f"--varlink=unix:{theirs}"],
            [tool, "client", f"unix:{theirs}"],
            theirs)
    print(f"certification: {check.passed} passed, {check.failed} failed")
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
