/// A command of the is-this-prime modal: its two buttons, and, for the modal on its own (prime-modal-demo),
/// a look at the modal and at the favourites.
public enum PrimeModalCommand: Equatable, Sendable {
  /// Show the modal: whether the count is prime, and its button (`prime`).
  case show
  /// Tap "Save to favorite primes" (`fav`).
  case saveFavorite
  /// Tap "Remove from favorite primes" (`unfav`).
  case removeFavorite
  /// List the favourite primes, numbered from 1 (`favorites`).
  case favorites
}
