import Testing

/// The `primecount` runner the cross-checks use, where `primecount` is installed.
@Suite(.timeLimit(.minutes(1)))
struct PrimecountTests {
  /// A cross-check cancelled while `primecount` computes (a test's time limit) kills it and throws; reading
  /// the status of a child still running stopped the whole test process.
  @Test func aCancelledRunKillsPrimecountAndThrows() async throws {
    guard let primecount = Primecount.find() else {
      print("PrimecountTests: skipped: no primecount in PATH")
      return
    }
    // The 10^15th prime, single-threaded, takes primecount several seconds.
    let run = Task { try await primecount.nthPrime(1_000_000_000_000_000) }
    try await Task.sleep(for: .milliseconds(200))
    run.cancel()
    await #expect(throws: CancellationError.self) { try await run.value }
  }
}
