#include "CSystemShim.h"
