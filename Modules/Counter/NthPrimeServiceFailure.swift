import Primes

/// Why the service that answers the nth prime (Wolfram|Alpha, when `WOLFRAM_ALPHA_APPID` is set) gave no
/// answer, or one that was not taken, as the client found it: what the alert of the answer computed on this
/// machine instead says (``PrimeAlert/fallbackNotice``).
public enum NthPrimeServiceFailure: Equatable, Sendable, Codable {
  /// The service could not be reached: no network, a name that does not resolve, a refused connection.
  case unreachable
  /// The service did not answer within the client's time limit.
  case timedOut
  /// The service answered with this HTTP error status.
  case errorStatus(Int)
  /// The service answered, but not with a prime: a refused app ID, a question it did not understand.
  case noPrimeInAnswer
  /// The service answered with this number, which the client found is not the nth prime asked for (not a
  /// prime, not the one this machine computes, or out of the bounds the nth prime lies in).
  case notTheNthPrime(answered: Int)
  /// The program that asks the service is not installed at this path (it belongs beside the app).
  case clientMissing(path: String)
  /// The program that asks the service, at this path, could not run: it ended with this exit status (127
  /// when the system's loader could not find its libraries, 126 when it cannot be executed) or without the
  /// one line it owes, so the service was never asked.
  case clientCouldNotRun(path: String, exitStatus: Int)
  /// The program that asks the service, at this path, was killed by this signal.
  case clientKilled(path: String, signal: Int)
}

extension NthPrimeServiceFailure {
  /// What happened, after the service's name, when asked for the `n`th prime, and what to check first:
  /// `did not answer (no answer in time)`; `was not asked: its client … could not run (exit status 127)` when
  /// the program that asks it could not run; `answered 18, which is not the 7th prime` when its answer was not
  /// taken.
  func whatHappened(askedFor n: Int) -> String {
    switch self {
    case .unreachable: "did not answer (could not reach it: check the network connection)"
    case .timedOut: "did not answer (no answer in time)"
    case let .errorStatus(status): "did not answer (HTTP error \(status))"
    case .noPrimeInAnswer: "did not answer (no prime in its answer: check that WOLFRAM_ALPHA_APPID is a valid app ID)"
    case let .notTheNthPrime(answered): "answered \(answered), which is not the \(ordinal(n)) prime"
    case let .clientMissing(path): "did not answer (its client \(path) is missing: install it beside this program)"
    case let .clientCouldNotRun(path, exitStatus):
      "was not asked: its client \(path) could not run (exit status \(exitStatus))"
    case let .clientKilled(path, signal): "was not asked: its client \(path) could not run (killed by signal \(signal))"
    }
  }
}
