#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Peer for link-benchmark: Python's urllib.parse splitting the same links.

Reads the benchmark's own links (`link-benchmark --print-links`) and times, on one thread, best of N
rounds, `urllib.parse.urlsplit(link)` plus `parse_qsl(query, keep_blank_values=True)` for each link.
That is less work than routingd's parse (no format dispatch, no coordinate parsing or range checks,
no current-location literals, no errors with messages), so it is a floor, not an equal.

Usage: scripts/benchmark-links.py [BIN_DIR] [--rounds N] [--seconds S]
"""
import os
import subprocess
import sys
import time
from urllib.parse import parse_qsl, urlsplit

args = sys.argv[1:]
rounds, seconds = 5, 1.0
bin_dir = ".build/release"
while args:
    a = args.pop(0)
    if a == "--rounds":
        rounds = int(args.pop(0))
    elif a == "--seconds":
        seconds = float(args.pop(0))
    else:
        bin_dir = a
links = subprocess.run([os.path.join(bin_dir, "link-benchmark"), "--print-links"],
                       capture_output=True, text=True, check=True).stdout.split("\n")
links = [l for l in links if l]


def measure():
    done = 0
    start = time.perf_counter()
    while True:
        for _ in range(100):
            for link in links:
                parts = urlsplit(link)
                parse_qsl(parts.query, keep_blank_values=True)
            done += len(links)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


measure()
rates = [measure() for _ in range(rounds)]
print(f"{len(links)} links; urllib.parse urlsplit + parse_qsl: {max(rates):,.0f} links/s "
      f"(best of {rounds} rounds of {seconds} s: {', '.join(f'{r:,.0f}' for r in rates)}); "
      f"{1e9 / max(rates):,.0f} ns per link")
