import Dispatch

/// Runs `work` on a serial Dispatch queue of the suite and awaits its result, so that a computation of a
/// second or more neither holds one of the few threads of Swift's cooperative pool nor, by running beside the
/// suite's other long computations, starves them of the machine's cores: one runs at a time.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    longComputations.async {
      continuation.resume(with: Swift.Result { try work() })
    }
  }
}

private let longComputations = DispatchQueue(label: "PrimesTests.longComputations")
