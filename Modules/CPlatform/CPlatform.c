// Everything of this module is inline in include/CPlatform.h; a C target needs one source file.
#include "CPlatform.h"
