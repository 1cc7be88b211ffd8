#include "ComposableArchitectureTestHook.h"

// Defined in Swift, in ComposableArchitectureTestSupport, with @c.
extern void composable_architecture_install_test_reporting(void);

__attribute__((constructor)) static void install_test_reporting_at_load(void) {
  composable_architecture_install_test_reporting();
}
