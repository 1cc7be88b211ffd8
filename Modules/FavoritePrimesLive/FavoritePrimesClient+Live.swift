public import FavoritePrimes
import Foundation

extension FavoritePrimesClient {
  /// The client that keeps favourites in `database`, for the app's live environment.
  ///
  /// Calls run one at a time on a serial queue of the client's own, so a save waiting up to 5 seconds for
  /// another process never holds a thread of Swift's cooperative pool, which every task and effect shares.
  /// They throw a ``FavoritePrimesDatabaseError``. A call that has started is not cancelled: a save is all or
  /// nothing either way.
  public static func live(_ database: FavoritePrimesDatabase) -> Self {
    let queue = DispatchQueue(label: "primetime.favorite-primes")
    return FavoritePrimesClient(
      load: { try await queue.perform { try database.load() } },
      save: { primes in try await queue.perform { try database.save(primes) } },
      export: { text, path in
        try await queue.perform { try TransferFiles.writeExport(text, to: path, database: database.path) }
      },
      read: { path in try await queue.perform { try TransferFiles.readImport(path) } },
      backup: { path in try await queue.perform { try database.backup(to: path) } }
    )
  }
}

extension DispatchQueue {
  /// Runs `work` on this queue and returns its result to the awaiting task.
  fileprivate func perform<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      self.async { continuation.resume(with: Swift.Result { try work() }) }
    }
  }
}
