/// What finding the nth prime sends back: how far it got, then the answer.
public enum NthPrimeUpdate: Equatable, Sendable {
  /// The search is `percent` (0 to 100) done. Reports come in increasing order, each at most once.
  case progress(Int)
  /// The nth prime, or `nil` when it could not be found; nothing follows it.
  case answer(Int?)
  /// The service asked for the nth prime gave no answer, for this reason; nothing follows it.
  case serviceFailed(NthPrimeServiceFailure)
}
