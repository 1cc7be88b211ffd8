/// What the user can do in the is-this-prime modal.
public enum PrimeModalAction: Equatable, Sendable, Codable {
  /// "Save to favorite primes": adds the count, if it is prime and not already a favourite.
  case saveFavoritePrimeTapped
  /// "Remove from favorite primes": removes the count from the favourites.
  case removeFavoritePrimeTapped
}
