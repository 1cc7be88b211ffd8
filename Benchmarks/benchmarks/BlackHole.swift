/// Consumes a value so the optimiser must compute it.
///
/// The function is neither inlined nor optimised, so the compiler cannot see that it ignores its argument
/// and has to keep the work that produced it. A call costs a few nanoseconds: call it once after a loop,
/// not on every iteration of a cheap operation.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns `value` unchanged, in a way the optimiser cannot see through.
///
/// Use it to keep a loop-invariant input (an action, say) from being constant-folded into the timed code.
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }
