// The few C library calls Platform needs that glibc declares only with _GNU_SOURCE, which Swift's Glibc
// module does not define. Only Platform imports this module.
#ifndef C_PLATFORM_H
#define C_PLATFORM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
// Swaps the files at `first` and `second` in one step (renameat2 with RENAME_EXCHANGE): each then has the
// other's name, and neither is ever missing or replaced. 0 when done, else -1 with errno set (EINVAL or
// EOPNOTSUPP where the file system can't, ENOENT when either is missing). In CPlatform.c, which defines
// _GNU_SOURCE before any header: glibc's headers, already built as Swift's Glibc module, do not see it here.
int c_platform_exchange_paths(const char *first, const char *second);

#endif
#include <pthread.h>

// Makes threads created from now on without attributes of their own reserve `size` bytes of stack, when
// they would reserve more (pthread_getattr_default_np, pthread_setattr_default_np); 0 when done or not
// needed, else an errno value.
static inline int c_platform_shrink_default_thread_stack(size_t size) {
  pthread_attr_t attributes;
  int status = pthread_getattr_default_np(&attributes);
  if (status != 0) {
    return status;
  }
  size_t current = 0;
  status = pthread_attr_getstacksize(&attributes, &current);
  if (status == 0 && current > size) {
    status = pthread_attr_setstacksize(&attributes, size);
    if (status == 0) {
      status = pthread_setattr_default_np(&attributes);
    }
  }
  pthread_attr_destroy(&attributes);
  return status;
}

// Swaps the files at `first` and `second` in one step (renameat2 with RENAME_EXCHANGE): each then has the
// other's name, and neither is ever missing or replaced. 0 when done, else -1 with errno set (EINVAL or
// EOPNOTSUPP where the file system can't, ENOENT when either is missing). In CPlatform.c, which defines
// _GNU_SOURCE before any header: glibc's headers, already built as Swift's Glibc module, do not see it here.
int c_platform_exchange_paths(const char *first, const char *second);

#endif
