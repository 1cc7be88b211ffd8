/// Why the service that answers the nth prime (Wolfram|Alpha, when `WOLFRAM_ALPHA_APPID` is set) gave no
/// answer, as the client found it: what the counter's problem then says and advises.
public enum NthPrimeServiceFailure: Equatable, Sendable {
  /// The service could not be reached: no network, a name that does not resolve, a refused connection.
  case unreachable
  /// The service did not answer within the client's time limit.
  case timedOut
  /// The service answered with this HTTP error status.
  case errorStatus(Int)
  /// The service answered, but not with a prime: a refused app ID, a question it did not understand.
  case noPrimeInAnswer
}
