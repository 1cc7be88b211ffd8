/// What the user did on the counter screen, or what came back from asking for the nth prime.
public enum CounterAction: Equatable, Sendable, Codable {
  /// The user tapped "-".
  case decrTapped
  /// The user tapped "+".
  case incrTapped
  /// The user typed a new count.
  case countEntered(Int)
  /// The user asked for the nth prime, where n is the count.
  case nthPrimeButtonTapped
  /// The user withdrew the nth-prime question (Ctrl-C in the REPL): the request stops and no answer shows.
  case nthPrimeCancelButtonTapped
  /// The nth prime came back: `nil` when it could not be computed.
  case nthPrimeResponse(n: Int, prime: Int?)
  /// The nth prime came back computed on this machine, because the service asked first gave no answer for
  /// this reason: `nil` when it could not be computed here either.
  case nthPrimeComputedHere(n: Int, prime: Int?, because: NthPrimeServiceFailure)
  /// Finding the nth prime is `percent` (0 to 100) done.
  case nthPrimeProgress(n: Int, percent: Int)
  /// The user dismissed the nth-prime alert.
  case alertDismissButtonTapped
  /// The user tapped OK to close what is on top: the modal, else the nth-prime alert; with neither showing,
  /// the state records ``CounterProblem/nothingToDismiss``.
  case okTapped
  /// The user asked whether the count is prime, opening the modal.
  case isPrimeButtonTapped
  /// The user closed the modal.
  case primeModalDismissed
}
