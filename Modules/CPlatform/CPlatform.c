// The functions of include/CPlatform.h that need declarations glibc makes only with _GNU_SOURCE, defined
// before any header so that every header sees it; the rest of the module is inline in the header.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

#include "CPlatform.h"

int c_platform_exchange_paths(const char *first, const char *second) {
  return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
