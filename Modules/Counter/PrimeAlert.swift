import Primes

/// The answer to "What is the nth prime?", shown as an alert until dismissed.
///
/// `Codable` as Swift synthesizes it, for recordings: `{"n":7,"prime":17}`, `computedHereBecause` when set.
public struct PrimeAlert: Equatable, Identifiable, Sendable, Codable {
  /// Which prime was asked for.
  public let n: Int
  /// The answer.
  public let prime: Int
  /// Why the answer was computed on this machine instead of by the service asked first (Wolfram|Alpha), if
  /// it was.
  public let computedHereBecause: NthPrimeServiceFailure?

  /// Creates the alert for the `n`th prime, `prime`; `computedHereBecause` is the service's failure when
  /// this machine answered in its place.
  public init(n: Int, prime: Int, computedHereBecause: NthPrimeServiceFailure? = nil) {
    self.n = n
    self.prime = prime
    self.computedHereBecause = computedHereBecause
  }

  /// The alert's identity: the prime it shows.
  public var id: Int { prime }

  /// `The 7th prime is 17`.
  public var title: String { "The \(ordinal(n)) prime is \(prime)" }

  /// One line naming the service, what failed and the variable that chose it, when this machine answered in
  /// its place: `Wolfram|Alpha did not answer (no answer in time); computed the 7th prime on this machine
  /// instead. Unset WOLFRAM_ALPHA_APPID to always compute here.`, or `Wolfram|Alpha was not asked: its client
  /// … could not run (exit status 127); …` when the program that asks it could not run, `Wolfram|Alpha answered
  /// 18, which is not the 7th prime; …` when its answer was wrong. `nil` otherwise.
  public var fallbackNotice: String? {
    computedHereBecause.map { failure in
      "Wolfram|Alpha \(failure.whatHappened(askedFor: n)); computed the \(ordinal(n)) prime on this machine "
        + "instead. Unset WOLFRAM_ALPHA_APPID to always compute here."
    }
  }
}

extension PrimeAlert: CustomReflectable {
  /// `n` and `prime`, and ``computedHereBecause`` only when this machine answered in a service's place, so
  /// that a trace or a test's diff of an ordinary answer reads `PrimeAlert(n: 7, prime: 17)`.
  public var customMirror: Mirror {
    var children: [Mirror.Child] = [("n", n), ("prime", prime)]
    if let computedHereBecause {
      children.append(("computedHereBecause", computedHereBecause))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
