// SPDX-License-Identifier: Apache-2.0
// One HTTPS request through libcurl, for routingctl --expand-short-links. libcurl.so.4 (Debian's
// libcurl4, or libcurl3-gnutls) is loaded with dlopen at first use, so building needs no
// libcurl-dev and routingd itself never links it: only this opt-in client path touches the network.
// The few libcurl entry points and option numbers used are libcurl's stable ABI (curl/curl.h).
#pragma once
#include <stddef.h>

/// Loads libcurl once per process (thread-safe). Returns 0, or -1 when no libcurl can be loaded;
/// ccurl_load_error() says why.
int ccurl_load(void);
/// Why ccurl_load failed, or NULL.
const char *ccurl_load_error(void);

/// One GET of `url` (https only; the body is read and dropped, at most 1 MiB) without following
/// redirects. `timeout_ms` bounds the whole request. `ca_file` (or NULL: libcurl's default bundle)
/// is the CA bundle to trust; `connect_to` (or NULL) is one libcurl CONNECT_TO entry,
/// "HOST:PORT:CONNECT-HOST:CONNECT-PORT", for tests against a local server.
/// Returns the HTTP status (> 0) with the redirect target, if any, in `location` (NUL-terminated,
/// empty when none, truncated to `location_size`), or -1 with libcurl's reason in `error`.
long ccurl_get_redirect(const char *url, long timeout_ms, const char *ca_file, const char *connect_to,
                        char *location, size_t location_size, char *error, size_t error_size);
