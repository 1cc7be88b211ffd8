import FavoritePrimes
import FoundationEssentials

extension FavoritePrimesStorage {
  /// Where the demo keeps the favourites, as its messages name it: in its memory, until it exits.
  static let demo = FavoritePrimesStorage.memory(program: "favorite-primes-demo")
}

extension FavoritePrimesClient {
  /// The demo's store: in memory, holding ``Options/stored`` at the start, its saves dated by the real time or,
  /// under `--record`, by a ``FavoritePrimes/SteppingClock``; its loads or saves fail, with the reason a real store
  /// would give, when the options say so. A backup and a check are refused, in words about
  /// the demo's store: there is nothing on disk to copy or check.
  static func demo(_ options: Options) -> FavoritePrimesClient {
    // Recorded, saves are dated by a fixed clock, so two runs of one script record the same bytes.
    let memory = FavoritePrimesClient.inMemory(
      options.stored, now: options.recordPath != nil ? SteppingClock().now : Date.init)
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
      backup: { _ in throw DemoFailure.noBackup },
      check: { throw DemoFailure.noCheck }
    )
  }
}

/// Why the demo's store fails: when asked to, as a real store can; and always for a backup or a check, which
/// need a file.
private enum DemoFailure: Error, CustomStringConvertible {
  /// `--fail-load`.
  case locked
  /// `--fail-save`.
  case diskFull
  /// `backup FILE`.
  case noBackup
  /// `check`.
  case noCheck

  var description: String {
    switch self {
    case .locked: "the store is locked by another program; wait until it is done."
    case .diskFull: "the disk is full; free some space on it, then try again."
    case .noBackup: "this demo keeps its favorites in memory only, with nothing on disk to copy; 'export' prints them"
    case .noCheck: "this demo keeps its favorites in memory only, with nothing on disk to check"
    }
  }
}
