import FavoritePrimes
import FoundationEssentials

extension FavoritePrimesStorage {
  /// Where the demo keeps the favourites, as its messages name it: in its memory, until it exits.
  static let demo = FavoritePrimesStorage.memory(program: "favorite-primes-demo")
}

extension FavoritePrimesClient {
  /// The demo's store: in memory, holding ``Options/stored`` at the start, its saves dated by the real time or,
  /// under `--record`, by a ``FavoritePrimes/SteppingClock``; its loads or saves fail when the options say so,
  /// saying that it was told to (no disk is full, no lock held: the store is in memory). A backup and a check
  /// are refused, in words about the demo's store: there is nothing on disk to copy or check.
  static func demo(_ options: Options) -> FavoritePrimesClient {
    // Recorded, saves are dated by a fixed clock, so two runs of one script record the same bytes.
    let memory = FavoritePrimesClient.inMemory(
      options.stored, now: options.recordPath != nil ? SteppingClock().now : Date.init)
    let (failsLoading, failsSaving) = (options.failsLoading, options.failsSaving)
    return FavoritePrimesClient(
      load: {
        if failsLoading { throw DemoFailure.toldToFailLoads }
        return try await memory.load()
      },
      save: { changes in
        if failsSaving { throw DemoFailure.toldToFailSaves }
        return try await memory.save(changes)
      },
      export: memory.export,
      read: memory.read,
      backup: { _ in throw DemoFailure.noBackup },
      check: { throw DemoFailure.noCheck }
    )
  }
}

/// Why the demo's store fails: when told to by a flag, to show what the screen does when a real store fails;
/// and always for a backup or a check, which need a file.
private enum DemoFailure: Error, CustomStringConvertible {
  /// `--fail-load`.
  case toldToFailLoads
  /// `--fail-save`.
  case toldToFailSaves
  /// `backup FILE`.
  case noBackup
  /// `check`.
  case noCheck

  var description: String {
    switch self {
    case .toldToFailLoads: "the store in memory was told to fail every load (--fail-load)"
    case .toldToFailSaves: "the store in memory was told to fail every save (--fail-save)"
    case .noBackup: "this demo keeps its favorites in memory only, with nothing on disk to copy; 'export' prints them"
    case .noCheck: "this demo keeps its favorites in memory only, with nothing on disk to check"
    }
  }
}
