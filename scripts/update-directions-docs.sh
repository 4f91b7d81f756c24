#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates the generated part of docs/directions-links.md (formats that can be written and every
# format's mode words) from the code, then checks the whole document against it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUTINGD_UPDATE_DOCS=1 swift test --filter DirectionsLinksDocTests.generatedPartMatchesTheCode
swift test --skip-build --filter DirectionsLinksDocTests
