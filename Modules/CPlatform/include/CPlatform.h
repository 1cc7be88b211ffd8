// The few C library calls Platform needs that glibc declares only with _GNU_SOURCE, which Swift's Glibc
// module does not define. Only Platform imports this module.
#ifndef C_PLATFORM_H
#define C_PLATFORM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
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

#endif
