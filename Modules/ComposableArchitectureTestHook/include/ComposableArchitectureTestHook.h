// Runs when a test binary that links ComposableArchitectureTestSupport is loaded, before any test, and
// installs the test support's reporter of runtime warnings (see TestFailure.swift). Nothing to call.
#ifndef COMPOSABLE_ARCHITECTURE_TEST_HOOK_H
#define COMPOSABLE_ARCHITECTURE_TEST_HOOK_H
#endif
