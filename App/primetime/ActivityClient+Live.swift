import FavoritePrimesLive
import PrimeTimeApp

extension ActivityClient {
  /// The activity recorded in `database`, read on the database's own serial executor, so the wait for the
  /// file never holds a thread of Swift's cooperative pool.
  static func live(_ database: FavoritePrimesDatabase) -> Self {
    ActivityClient {
      try await database.activity().map(Activity.init)
    }
  }
}

extension Activity {
  /// The feed's entry for an event read from the database.
  init(_ event: ActivityEvent) {
    switch event.kind {
    case .added: self.init(timestamp: event.date, type: .addedFavoritePrime(event.prime))
    case .removed: self.init(timestamp: event.date, type: .removedFavoritePrime(event.prime))
    }
  }
}
