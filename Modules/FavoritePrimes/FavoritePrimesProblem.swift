/// Why loading or saving the favourite primes failed, in words a person can act on.
public enum FavoritePrimesProblem: Equatable, Sendable, CustomStringConvertible {
  /// Loading failed, for the reason given; the list shown is unchanged.
  case loadFailed(String)
  /// Saving failed, for the reason given; the list shown is still the one to save.
  case saveFailed(String)

  /// The sentence to show.
  public var description: String {
    switch self {
    case let .loadFailed(reason):
      "Couldn't load the favorite primes: \(reason). The list shown is unchanged."
    case let .saveFailed(reason):
      "Couldn't save the favorite primes: \(reason). Nothing shown was lost; save again once that is fixed."
    }
  }
}
