#include "TestParallelismLimit.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// How many test cases Swift Testing runs at once, per online CPU.
//
// Without a bound, Swift Testing 6.3 starts every test of the run at once: 1,700 tests then share two cores,
// each test's steps wait behind the whole suite's, and a wait that only guards against a hang (a child that
// should answer, an effect that should arrive) could pass its deadline in a run that was merely busy. On CI a
// trivial test took 48 seconds that way. With at most this many test cases per core running, a test competes
// with a bounded number of others whatever the size of the suite. Eight per core keeps the cores busy (most
// tests wait on a child process or a clock) and is as fast as no bound: 49 s against 60-70 s for the suite.
static const long test_cases_per_cpu = 8;

// Sets SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH, which Swift Testing reads as it starts, unless the
// person running the tests set it; `swift test --no-parallel` still runs one test at a time. A toolchain that
// no longer reads the variable runs every test at once again, which is slower to go wrong, not wrong.
__attribute__((constructor)) static void limit_test_parallelism(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1) {
    cpus = 1;
  }
  char width[32];
  snprintf(width, sizeof width, "%ld", cpus * test_cases_per_cpu);
  setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
}
