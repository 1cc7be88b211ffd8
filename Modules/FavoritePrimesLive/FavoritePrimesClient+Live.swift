public import FavoritePrimes

extension FavoritePrimesClient {
  /// The client that keeps favourites in `database`, for the app's live environment.
  ///
  /// Each call runs synchronously on the database's connection (a save may wait up to 5 seconds for another
  /// process) and throws a ``FavoritePrimesDatabaseError``.
  public static func live(_ database: FavoritePrimesDatabase) -> Self {
    FavoritePrimesClient(
      load: { try database.load() },
      save: { primes in try database.save(primes) }
    )
  }
}
