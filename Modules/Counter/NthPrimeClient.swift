public import ComposableArchitecture
import Primes

/// How the counter finds the nth prime: the interface, its doubles, and its dependency key and accessor
/// (``ComposableArchitecture/DependencyValues/nthPrimeClient``).
///
/// The live implementations (the engine that computes on this machine, and Wolfram|Alpha with that engine
/// as its fallback) live in the `NthPrimeLive` module, which only executables import; it conforms this type
/// to `DependencyKey`. The environment-style ``counterReducer`` takes a client as its environment.
public struct NthPrimeClient: Sendable {
  /// An effect that finds the nth prime: it may send ``NthPrimeUpdate/progress(_:)`` reports, then sends
  /// one answer (``NthPrimeUpdate/answer(_:)``, or ``NthPrimeUpdate/computedHere(_:because:)`` when a
  /// service failed and this machine answered instead), `nil` when the prime cannot be found. It is
  /// cancelled when the question is withdrawn, and must stop soon after.
  public var nthPrime: @Sendable (Int) -> Effect<NthPrimeUpdate>
  /// The largest n that `nthPrime` answers, or nil when it has no limit. Asking beyond it is answered with
  /// ``CounterProblem/nthPrimeBeyondLimit(n:limit:)`` at once, without asking `nthPrime`.
  public var limit: Int?

  /// Creates a client from its endpoint and the largest n it answers (none by default).
  public init(limit: Int? = nil, nthPrime: @escaping @Sendable (Int) -> Effect<NthPrimeUpdate>) {
    self.limit = limit
    self.nthPrime = nthPrime
  }
}

extension NthPrimeClient {
  /// For tests: reports a test failure when asked for a prime a test did not stub, and sends nothing.
  public static let failing = NthPrimeClient { n in
    reportIssue("NthPrimeClient.nthPrime was asked for the \(ordinal(n)) prime, but the test did not stub it.")
    return .none
  }
}

extension NthPrimeClient: TestDependencyKey {
  /// ``failing``: a test stubs what it asks.
  public static let testValue = NthPrimeClient.failing
  /// ``answering(_:after:)`` with a table of the first primes, at once: demos and sandboxes without the live
  /// module still answer small questions.
  public static let previewValue = NthPrimeClient.answering(
    primes: [1: 2, 2: 3, 3: 5, 4: 7, 5: 11, 6: 13, 7: 17, 8: 19, 9: 23, 10: 29]
  )
}

extension DependencyValues {
  /// How the counter finds the nth prime. Tests fail when it is used without an override; previews answer
  /// the first ten primes. The live value comes from the `NthPrimeLive` module, which executables import.
  public var nthPrimeClient: NthPrimeClient {
    get { self[NthPrimeClient.self] }
    set { self[NthPrimeClient.self] = newValue }
  }
}
