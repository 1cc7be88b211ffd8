public import ComposableArchitecture
public import NextPrimeFeature

extension PrimeSearchClient: DependencyKey {
  /// Searches by trial division, checking now and then whether the search was cancelled.
  public static let liveValue = PrimeSearchClient { number in
    var candidate = max(number, 1)
    while candidate < Int.max {
      candidate += 1
      if candidate.isMultiple(of: 1_000) { try Task.checkCancellation() }
      if isPrime(candidate) { return candidate }
    }
    throw NoPrimeFound(number: number)
  }

  /// Trial division: enough for a tutorial, and free of overflow (`divisor <= n / divisor`).
  private static func isPrime(_ n: Int) -> Bool {
    guard n >= 2 else { return false }
    var divisor = 2
    while divisor <= n / divisor {
      if n.isMultiple(of: divisor) { return false }
      divisor += 1
    }
    return true
  }
}
