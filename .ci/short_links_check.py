#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""routingctl --expand-short-links against a local HTTPS server that answers like the short-link
services (CI has no internet): a self-signed certificate for their hosts (trusted through
SSL_CERT_FILE), every connection sent to 127.0.0.1 with ROUTINGCTL_CONNECT_TO (libcurl's CONNECT_TO).

- without the option a short link is unresolvable-offline, naming the service (exit 1);
- a redirect to a Google place link resolves to the place's pin, through resolve, link and open --dry-run;
- a chain (goo.gl -> maps.app.goo.gl -> google.com) is followed; a loop stops after 5 hops;
- a redirect to a host that is not a map host, a 404 without a redirect, a plain-http hop: clear errors (exit 1);
- a server that does not answer in --short-link-timeout: an error naming the timeout (exit 2);
- an untrusted certificate (no SSL_CERT_FILE): refused (exit 2), never followed.

Usage: short_links_check.py BIN_DIRECTORY"""

import http.server
import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time

from checklib import Tally

check = Tally()
PLACE = ("https://www.google.com/maps/place/Tour+Eiffel/@48.8583701,2.2922926,17z/"
         "data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8583701!4d2.2944813")
HOSTS = ["maps.app.goo.gl", "goo.gl", "share.google", "g.co", "maps.apple"]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def redirect(self, target):
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        host = self.headers.get("Host", "").split(":")[0]
        path = self.path
        if path == "/slow":
            time.sleep(4)
        if host == "maps.app.goo.gl" and path == "/eiffel":
            return self.redirect(PLACE)
        if host == "goo.gl" and path == "/maps/chain":
            return self.redirect("https://maps.app.goo.gl/eiffel")
        if host == "maps.app.goo.gl" and path == "/loop":
            return self.redirect("https://maps.app.goo.gl/loop")
        if host == "maps.app.goo.gl" and path == "/away":
            return self.redirect("https://example.com/landing")
        if host == "maps.app.goo.gl" and path == "/plain":
            return self.redirect("http://maps.app.goo.gl/eiffel")
        if host == "share.google" and path == "/eiffel":
            return self.redirect(PLACE)
        if host == "maps.apple" and path == "/p/eiffel":
            return self.redirect("https://maps.apple.com/place?coordinate=48.8584,2.2945&name=Tour%20Eiffel")
        body = b"not found"
        self.send_response(404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    bin_dir = sys.argv[1]
    routingctl = os.path.join(bin_dir, "routingctl")
    work = tempfile.mkdtemp(prefix="routingd-short-links-")
    cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
    san = ",".join(f"DNS:{h}" for h in HOSTS)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=maps.app.goo.gl",
                    "-addext", f"subjectAltName={san}", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()

    env = dict(os.environ, SSL_CERT_FILE=cert, ROUTINGCTL_CONNECT_TO=f"::127.0.0.1:{port}")
    env.pop("CURL_CA_BUNDLE", None)

    def ctl(*args, environment=env):
        return subprocess.run([routingctl, *args], capture_output=True, text=True, timeout=60, env=environment)

    empty = tempfile.mkdtemp(prefix="routingd-short-links-apps-")
    offline = ["--offline", "--coverage", empty, "--current-location", "48.85,2.35"]

    r = ctl("resolve", *offline, "--json", "https://maps.app.goo.gl/eiffel")
    error = json.loads(r.stdout).get("error", {}) if r.stdout.startswith("{") else {}
    check("without the option: unresolvable-offline naming the host, exit 1",
          r.returncode == 1 and error.get("code") == "unresolvable-offline" and "maps.app.goo.gl" in error.get("message", ""), r)

    r = ctl("resolve", *offline, "--json", "--expand-short-links", "https://maps.app.goo.gl/eiffel")
    reply = json.loads(r.stdout) if r.returncode == 0 else {}
    dest = reply.get("request", {}).get("destination", {})
    check("maps.app.goo.gl -> Google place: the pin (last !3d!4d), exact, exit 0",
          dest.get("latitude") == 48.8583701 and dest.get("longitude") == 2.2944813 and dest.get("precision") == "exact"
          and reply.get("format") == "google-place", r)
    check("a note on standard error says where the short link led", "leads to https://www.google.com/maps/place/" in r.stderr, r.stderr)

    r = ctl("resolve", *offline, "--json", "--expand-short-links", "https://goo.gl/maps/chain")
    dest = (json.loads(r.stdout) if r.returncode == 0 else {}).get("request", {}).get("destination", {})
    check("goo.gl -> maps.app.goo.gl -> google.com: followed (two hops)", dest.get("latitude") == 48.8583701, r)

    for link in ["https://share.google/eiffel", "https://maps.apple/p/eiffel"]:
        r = ctl("resolve", *offline, "--json", "--expand-short-links", link)
        dest = (json.loads(r.stdout) if r.returncode == 0 else {}).get("request", {}).get("destination", {})
        check(f"{link}: expanded to a place", dest.get("kind") == "coordinate" and abs(dest.get("latitude", 0) - 48.858) < 0.01, r)

    r = ctl("link", "--format", "geo", "--expand-short-links", "https://maps.app.goo.gl/eiffel")
    check("link --format geo --expand-short-links writes the place", r.returncode == 0 and r.stdout.startswith("geo:48.8583701,2.2944813"), r)

    r = ctl("open", *offline, "--dry-run", "--json", "--expand-short-links", "https://maps.app.goo.gl/eiffel")
    check("open --dry-run --expand-short-links parses the landing link (no app: exit 3)",
          r.returncode == 3 and "leads to https://www.google.com/maps/place/" in r.stderr, r)

    r = ctl("resolve", *offline, "--expand-short-links", "https://maps.app.goo.gl/loop")
    check("a redirect loop stops after 5 hops (exit 1)", r.returncode == 1 and "more than 5 times" in r.stderr, r)

    r = ctl("resolve", *offline, "--json", "--expand-short-links", "https://maps.app.goo.gl/away")
    error = (json.loads(r.stdout) if r.stdout.startswith("{") else {}).get("error", {})
    check("a redirect to a host that is not a map host: not-a-directions-link naming it (exit 1)",
          r.returncode == 1 and error.get("code") == "not-a-directions-link" and "example.com" in error.get("message", ""), r)

    r = ctl("resolve", *offline, "--expand-short-links", "https://maps.app.goo.gl/expired")
    check("a 404 without a redirect: 'may have expired' (exit 1)", r.returncode == 1 and "HTTP 404" in r.stderr and "expired" in r.stderr, r)

    r = ctl("resolve", *offline, "--expand-short-links", "https://maps.app.goo.gl/plain")
    check("a hop to plain http is not followed (exit 1)", r.returncode == 1 and "not an HTTPS link" in r.stderr, r)

    started = time.monotonic()
    r = ctl("resolve", *offline, "--expand-short-links", "--short-link-timeout", "1", "https://maps.app.goo.gl/slow")
    took = time.monotonic() - started
    check("a server slower than --short-link-timeout 1: an error naming the timeout, exit 2, within the timeout",
          r.returncode == 2 and "timed out" in r.stderr and took < 3.5, (r, took))

    r = ctl("resolve", *offline, "--expand-short-links", "--short-link-timeout", "0", "https://maps.app.goo.gl/eiffel")
    check("--short-link-timeout 0 is a usage error (exit 2)", r.returncode == 2 and "--short-link-timeout" in r.stderr, r)

    r = ctl("resolve", *offline, "--short-link-timeout", "3", "https://maps.app.goo.gl/eiffel")
    check("--short-link-timeout without --expand-short-links is a usage error (exit 2), not ignored",
          r.returncode == 2 and "--expand-short-links" in r.stderr, r)

    untrusted = dict(env)
    untrusted.pop("SSL_CERT_FILE")
    r = ctl("resolve", *offline, "--expand-short-links", "https://maps.app.goo.gl/eiffel", environment=untrusted)
    check("an untrusted certificate is refused (exit 2)", r.returncode == 2 and "certificate" in r.stderr.lower(), r)

    r = ctl("resolve", *offline, "--json", "--expand-short-links", "geo:48.8584,2.2945")
    check("a link that is not a short link is not fetched", r.returncode == 0 and "leads to" not in r.stderr, r)

    server.shutdown()
    print(f"short links: {check.passed} passed, {check.failed} failed")
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
