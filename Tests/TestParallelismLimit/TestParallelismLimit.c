#define _GNU_SOURCE
#include "TestParallelismLimit.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// How many test cases Swift Testing runs at once, per CPU this process may use.
//
// Without a bound, Swift Testing 6.3 starts every test of the run at once: 1,700 tests then share two cores,
// each test's steps wait behind the whole suite's, and a wait that only guards against a hang (a child that
// should answer, an effect that should arrive) could pass its deadline in a run that was merely busy. On CI a
// trivial test took 48 seconds that way. With at most this many test cases per CPU running, a test competes
// with a bounded number of others whatever the size of the suite. Eight per CPU keeps the cores busy (most
// tests wait on a child process or a clock) and is as fast as no bound: 48 s against 60-70 s for the suite.
static const long test_cases_per_cpu = 8;

// The whole CPUs a cgroup quota of `quota` microseconds per `period` allows (rounded up), or 0 for none.
static long cpus_in_quota(long long quota, long long period) {
  if (quota <= 0 || period <= 0) {
    return 0;
  }
  return (long)((quota + period - 1) / period);
}

// The CPU quota of this process's cgroup, in whole CPUs, or 0 when there is none or it cannot be read:
// cgroup v2's `cpu.max` ("max 100000" or "200000 100000"), else v1's `cpu.cfs_quota_us` and
// `cpu.cfs_period_us`. A container limited to two CPUs on a large host sees the host's CPUs otherwise.
static long cgroup_cpus(void) {
  long long quota = 0, period = 0;
  FILE *file = fopen("/sys/fs/cgroup/cpu.max", "r");
  if (file != NULL) {
    int read = fscanf(file, "%lld %lld", &quota, &period);
    fclose(file);
    return read == 2 ? cpus_in_quota(quota, period) : 0;
  }
  file = fopen("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "r");
  if (file == NULL) {
    return 0;
  }
  int read = fscanf(file, "%lld", &quota);
  fclose(file);
  file = fopen("/sys/fs/cgroup/cpu/cpu.cfs_period_us", "r");
  if (file == NULL || read != 1) {
    if (file != NULL) {
      fclose(file);
    }
    return 0;
  }
  read = fscanf(file, "%lld", &period);
  fclose(file);
  return read == 1 ? cpus_in_quota(quota, period) : 0;
}

// The CPUs this process may run on (its affinity, as `nproc` counts them), lowered to its cgroup's quota.
static long usable_cpus(void) {
  long cpus = 0;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    cpus = CPU_COUNT(&set);
  }
  if (cpus < 1) {
    cpus = sysconf(_SC_NPROCESSORS_ONLN);
  }
  long quota = cgroup_cpus();
  if (quota > 0 && quota < cpus) {
    cpus = quota;
  }
  return cpus < 1 ? 1 : cpus;
}

// Sets SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH, which Swift Testing reads as it starts, unless the
// person running the tests set it; `swift test --no-parallel` still runs one test at a time. A toolchain that
// no longer reads the variable runs every test at once again, which is slower to go wrong, not wrong.
__attribute__((constructor)) static void limit_test_parallelism(void) {
  char width[32];
  snprintf(width, sizeof width, "%ld", usable_cpus() * test_cases_per_cpu);
  setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
}
