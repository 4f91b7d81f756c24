// Everything is static inline in include/CSystemShim.h; this file makes SwiftPM build the target.
#include "CSystemShim.h"
