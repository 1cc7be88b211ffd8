import Dispatch
import FavoritePrimesLive
import PrimeTimeApp

extension ActivityClient {
  /// The activity recorded in `database`, read on a queue of its own so the wait for the file never holds
  /// a thread of Swift's cooperative pool.
  static func live(_ database: FavoritePrimesDatabase) -> Self {
    let queue = DispatchQueue(label: "primetime.activity")
    return ActivityClient {
      try await withCheckedThrowingContinuation { continuation in
        queue.async {
          continuation.resume(with: Result { try database.activity().map(Activity.init) })
        }
      }
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
