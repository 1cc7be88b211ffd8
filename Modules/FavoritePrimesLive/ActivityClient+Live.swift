public import FavoritePrimes

extension ActivityClient {
  /// The client that pages through the activity recorded in `database`, for the app's live environment.
  ///
  /// Reads run on the database's own serial executor (through the `async`
  /// ``FavoritePrimesDatabase/activityPage(before:limit:)``), so the wait for the file never holds a thread of
  /// Swift's cooperative pool. They throw a ``FavoritePrimesDatabaseError``, or `CancellationError` when
  /// cancelled before their turn.
  public static func live(_ database: FavoritePrimesDatabase) -> Self {
    ActivityClient { before, limit in
      try await database.activityPage(before: before, limit: limit)
    }
  }
}
