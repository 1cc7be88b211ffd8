/// The screen a person is on: the last one a command showed.
public enum Screen: Equatable, Sendable {
  /// The counter, with its modal or nth-prime alert on top when they are shown.
  case counter
  /// The favourite primes.
  case favorites
  /// The activity feed.
  case activity
}
