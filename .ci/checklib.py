# SPDX-License-Identifier: Apache-2.0
"""What the .ci/*.py checks share: a tally of passed and failed checks, one raw varlink exchange
over a Unix socket, and polling until something holds."""

import atexit
import json
import os
import shutil
import socket
import tempfile
import time

# Every routingd a check starts keeps its own current location (routingctl location set) in a
# directory of its own, never in the CI user's ~/.local/state/routingd; STATE_DIRECTORY would win
# over XDG_STATE_HOME, so it goes.
_STATE = tempfile.mkdtemp(prefix="routingd-ci-state-")
atexit.register(shutil.rmtree, _STATE, True)
os.environ.pop("STATE_DIRECTORY", None)
os.environ["XDG_STATE_HOME"] = _STATE


class Tally:
    """Counts checks; prints each failure (and, with show_passes, each pass). Call it as check()."""

    def __init__(self, show_passes=True, detail_limit=None):
        self.passed = 0
        self.failed = 0
        self.show_passes = show_passes
        self.detail_limit = detail_limit

    def __call__(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            if self.show_passes:
                print(f"ok   {name}")
        else:
            self.failed += 1
            text = str(detail) if self.detail_limit is None else str(detail)[:self.detail_limit]
            print(f"FAIL {name} {text}")


def exchange(path, payload: bytes, timeout):
    """Sends raw bytes on a fresh connection to the socket at path; returns the first NUL-terminated
    reply, decoded as JSON, or None when the daemon closes the connection first."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(path)
        s.sendall(payload)
        buf = b""
        while b"\0" not in buf:
            chunk = s.recv(65536)
            if not chunk:
                return None
            buf += chunk
        return json.loads(buf.split(b"\0", 1)[0])


def wait_for(predicate, seconds=10.0, interval=0.05):
    """Polls predicate() every `interval` seconds until it returns a true value or `seconds` pass;
    returns the last value."""
    deadline = time.monotonic() + seconds
    value = predicate()
    while not value and time.monotonic() < deadline:
        time.sleep(interval)
        value = predicate()
    return value
