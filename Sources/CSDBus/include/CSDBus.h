// SPDX-License-Identifier: Apache-2.0
// sd-bus (libsystemd) for the desktop session: GeoClue2 and notifications. libsystemd.so.0 is loaded
// with dlopen at first use, so building needs no libsystemd-dev and a machine without it gets a clear
// "D-Bus unavailable" instead of a loader error.
#pragma once
