public import FavoritePrimes

extension FavoritePrimesClient {
  /// The client that keeps favourites in `database`, for the app's live environment.
  ///
  /// Calls run one at a time, in arrival order, on the database's own serial executor (through the `async`
  /// `load()` and `save(_:)` of ``FavoritePrimesDatabase``), so a save waiting up to 5 seconds for another
  /// process never holds a thread of Swift's cooperative pool, which every task and effect shares. They throw a
  /// ``FavoritePrimesDatabaseError``, or `CancellationError` when cancelled before their turn; a call that has
  /// started is not cancelled: a save is all or nothing either way.
  public static func live(_ database: FavoritePrimesDatabase) -> Self {
    FavoritePrimesClient(
      load: { try await database.load() },
      save: { changes in try await database.save(changes) },
      export: { text, path in
        try await database.inTurn { try TransferFiles.writeExport(text, to: path, database: database.path) }
      },
      read: { path in try await database.inTurn { try TransferFiles.readImport(path) } },
      backup: { path in try await database.inTurn { try database.backup(to: path) } },
      check: { try await database.integrityCheck() }
    )
  }
}
