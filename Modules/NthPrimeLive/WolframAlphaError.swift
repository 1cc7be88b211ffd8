public import Counter

/// Why Wolfram|Alpha gave no prime, as ``WolframAlphaClient/answer(forPrime:)`` found it.
public enum WolframAlphaError: Error, Equatable, Sendable {
  /// The request could not be sent or got no response: no network, a name that does not resolve, a refused
  /// or dropped connection.
  case unreachable
  /// No answer within the client's ``WolframAlphaClient/timeout``.
  case timedOut
  /// An HTTP response with this status outside 200–299.
  case errorStatus(Int)
  /// A successful response whose primary result is not a plain integer: a refused app ID, a question it
  /// did not understand, or a body that is not the expected JSON.
  case noPrimeInAnswer
  /// An integer in the answer that is not the nth prime asked for: not a prime, not the one this machine
  /// computes, or out of the bounds the nth prime lies in (see ``WolframAlphaClient/answer(forPrime:)``).
  case notTheNthPrime(Int)
  /// The executable that sends the request (``WolframAlphaHelper``) is not at this path.
  case clientMissing(path: String)
  /// The helper at this path could not run: it exited with this status without the answer or the one line it
  /// owes (127 when the system's loader could not find its libraries, 126 when it cannot be executed).
  case clientCouldNotRun(path: String, exitStatus: Int)
  /// The helper at this path was killed by this signal.
  case clientKilled(path: String, signal: Int)

  /// The same reason, for the alert of the answer computed on this machine instead.
  public var counterFailure: NthPrimeServiceFailure {
    switch self {
    case .unreachable: .unreachable
    case .timedOut: .timedOut
    case let .errorStatus(status): .errorStatus(status)
    case .noPrimeInAnswer: .noPrimeInAnswer
    case let .notTheNthPrime(answered): .notTheNthPrime(answered: answered)
    case let .clientMissing(path): .clientMissing(path: path)
    case let .clientCouldNotRun(path, exitStatus): .clientCouldNotRun(path: path, exitStatus: exitStatus)
    case let .clientKilled(path, signal): .clientKilled(path: path, signal: signal)
    }
  }
}
