import FavoritePrimes

extension FavoritePrimesClient {
  /// The demo's store: in memory, holding ``Options/stored`` at the start; its loads or saves fail, with the
  /// reason a real database would give, when the options say so.
  static func demo(_ options: Options) -> FavoritePrimesClient {
    let memory = FavoritePrimesClient.inMemory(options.stored)
    let (failsLoading, failsSaving) = (options.failsLoading, options.failsSaving)
    return FavoritePrimesClient(
      load: {
        if failsLoading { throw DemoFailure.locked }
        return try await memory.load()
      },
      save: { changes in
        if failsSaving { throw DemoFailure.diskFull }
        return try await memory.save(changes)
      },
      export: memory.export,
      read: memory.read,
      backup: memory.backup,
      check: memory.check
    )
  }
}

/// Why the demo's store fails when asked to, in the words of the real database's errors.
private enum DemoFailure: Error, CustomStringConvertible {
  /// `--fail-load`.
  case locked
  /// `--fail-save`.
  case diskFull

  var description: String {
    switch self {
    case .locked: "the database is locked by another program; wait until it is done."
    case .diskFull: "the disk is full; free some space on it, then try again."
    }
  }
}
