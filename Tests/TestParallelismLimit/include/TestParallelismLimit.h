// Runs when the test binary is loaded, before Swift Testing reads its configuration, and bounds how many
// test cases run at once (see TestParallelismLimit.c). Nothing to call.
#ifndef TEST_PARALLELISM_LIMIT_H
#define TEST_PARALLELISM_LIMIT_H
#endif
