// SPDX-License-Identifier: Apache-2.0
// Declarations only (include/CFuzzDriver.h); SwiftPM needs one source file per C target.
#include "CFuzzDriver.h"
