/// The screen a person chose: the counter, the favourite primes or the activity feed, as the tabs of the
/// original app's navigation. ``AppState/tab`` keeps it; ``AppState/screen`` adds what shows on the counter.
public enum Tab: Equatable, Sendable {
  /// The counter, with its is-this-prime modal and nth-prime answer.
  case counter
  /// The favourite primes.
  case favorites
  /// The activity feed.
  case activity
}
