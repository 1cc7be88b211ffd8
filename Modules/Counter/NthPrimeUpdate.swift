/// What finding the nth prime sends back: how far it got, then the answer.
public enum NthPrimeUpdate: Equatable, Sendable {
  /// The search is `percent` (0 to 100) done. Reports come in increasing order, each at most once.
  case progress(Int)
  /// The nth prime, or `nil` when it could not be found; nothing follows it.
  case answer(Int?)
  /// The nth prime computed on this machine because the service asked first (Wolfram|Alpha) gave no answer,
  /// for this reason; `nil` when it could not be found here either. Nothing follows it.
  case computedHere(Int?, because: NthPrimeServiceFailure)
}
