public import FavoritePrimes

extension FavoritePrimesClient {
  /// The client that keeps favourites in `database`, for the app's live environment.
  ///
  /// Calls run one at a time, in arrival order, on the database's own serial executor (through the `async`
  /// `load()` and `save(_:)` of ``FavoritePrimesDatabase``), so a save waiting up to 5 seconds for another
  /// process never holds a thread of Swift's cooperative pool, which every task and effect shares. They throw a
  /// ``FavoritePrimesDatabaseError``, or `CancellationError` when cancelled before their turn; a call that has
  /// started is not cancelled, but an import's save and a backup, which stop and leave nothing: a save is all or
  /// nothing either way.
  ///
  /// An export or a backup never writes to one of the `protected` files (the history, the log), nor to the
  /// database's.
  public static func live(_ database: FavoritePrimesDatabase, protecting protected: [ProtectedFile] = []) -> Self {
    FavoritePrimesClient(
      load: { try await database.load() },
      save: { changes in try await database.save(changes) },
      saveImport: { changes, progress in try await database.save(changes, progress: progress) },
      export: { text, path in
        try await database.inTurn {
          try TransferFiles.writeExport(text, to: path, database: database.path, protecting: protected)
        }
      },
      read: { path in try await database.inTurn { try TransferFiles.readImport(path) } },
      backup: { path in
        try await database.inTurn(interruptible: { interruption in
          try database.backup(to: path, protecting: protected, stopping: interruption)
        })
      },
      check: { try await database.integrityCheck() }
    )
  }
}
