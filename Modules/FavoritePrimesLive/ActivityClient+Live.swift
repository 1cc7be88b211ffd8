public import FavoritePrimes

extension ActivityClient {
  /// The client that reads the activity recorded in `database`, for the app's live environment.
  ///
  /// Loads run on the database's own serial executor (through the `async` `activity()` of
  /// ``FavoritePrimesDatabase``), so the wait for the file never holds a thread of Swift's cooperative pool.
  /// They throw a ``FavoritePrimesDatabaseError``, or `CancellationError` when cancelled before their turn.
  public static func live(_ database: FavoritePrimesDatabase) -> Self {
    ActivityClient {
      try await database.activity().map(Activity.init)
    }
  }
}

extension Activity {
  /// The feed's entry for `event`, an event read from the database: same prime, same date.
  public init(_ event: ActivityEvent) {
    switch event.kind {
    case .added: self.init(timestamp: event.date, type: .addedFavoritePrime(event.prime))
    case .removed: self.init(timestamp: event.date, type: .removedFavoritePrime(event.prime))
    }
  }
}
