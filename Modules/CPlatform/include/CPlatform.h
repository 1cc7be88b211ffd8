// The few C library calls Platform needs that glibc declares only with _GNU_SOURCE, which Swift's Glibc
// module does not define. Only Platform imports this module.
#ifndef C_PLATFORM_H
#define C_PLATFORM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>

// The stack size of threads created without attributes of their own (pthread_getattr_default_np), or 0.
static inline size_t c_platform_default_thread_stack_size(void) {
  pthread_attr_t attributes;
  if (pthread_getattr_default_np(&attributes) != 0) {
    return 0;
  }
  size_t size = 0;
  if (pthread_attr_getstacksize(&attributes, &size) != 0) {
    size = 0;
  }
  pthread_attr_destroy(&attributes);
  return size;
}

// Makes threads created from now on without attributes of their own reserve `size` bytes of stack
// (pthread_setattr_default_np); 0 on success, else an errno value.
static inline int c_platform_set_default_thread_stack_size(size_t size) {
  pthread_attr_t attributes;
  int status = pthread_getattr_default_np(&attributes);
  if (status != 0) {
    return status;
  }
  status = pthread_attr_setstacksize(&attributes, size);
  if (status == 0) {
    status = pthread_setattr_default_np(&attributes);
  }
  pthread_attr_destroy(&attributes);
  return status;
}

#endif
