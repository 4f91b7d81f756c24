// SPDX-License-Identifier: Apache-2.0
#ifndef ROUTINGD_CFUZZDRIVER_H
#define ROUTINGD_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, FuzzerDriver.cpp), linked in by `-sanitize=fuzzer`. Runs the
/// fuzzing loop (or the replay of files given in argv) with `callback` as the target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
