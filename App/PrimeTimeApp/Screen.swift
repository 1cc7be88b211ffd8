public import Counter

/// What a person sees: the chosen ``Tab``, and on the counter what is on top of it. Read from the state
/// (``AppState/screen``), never stored.
public enum Screen: Equatable, Sendable {
  /// The counter, with nothing on top.
  case counter
  /// The is-this-prime modal, over the counter (and over an nth-prime answer, if one is showing).
  case primeModal
  /// The answer to the last nth-prime question, over the counter.
  case nthPrimeAnswer(PrimeAlert)
  /// The favourite primes.
  case favorites
  /// The activity feed.
  case activity
}
