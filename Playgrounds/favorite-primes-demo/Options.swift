import CommandLineInterface
import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import Platform
import Replay

/// What the command line asked for: `favorite-primes-demo [--stored P,P,...] [--fail-load] [--fail-save]
/// [--trace] [--record FILE]`, as ``interface`` declares it; `favorite-primes-demo replay FILE` is read apart, by
/// ``replayCommand``.
struct Options: Equatable {
  /// What the in-memory store holds at the start: by default the list the screen starts with; any whole
  /// numbers, as a database another program changed could hold.
  var stored = [2, 3, 5, 7]
  /// Whether every load fails (`--fail-load`).
  var failsLoading = false
  /// Whether every save fails (`--fail-save`).
  var failsSaving = false
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false
  /// Where to record the session (see `Recording`); nil for no recording.
  var recordPath: String?
  /// How many steps apart the recording holds the state (`--snapshot-interval`); nil for the default, 10.
  var snapshotInterval: Int?

  /// What `--version` prints.
  static let version = "favorite-primes-demo 0.7.0"

  /// The command line, declared once: the parser, `--help`, `--version` and `--completions SHELL` come from it.
  static let interface = CommandLineInterface<Options>(
    name: "favorite-primes-demo",
    version: version,
    abstract: """
      Runs PrimeTime's favorite primes screen alone. The list starts as 2, 3, 5, 7, and so does a store kept in \
      memory for the session: 'save' sends it the changes made since the last save (the deletes), 'load' \
      replaces the list with what it holds, with the changes not saved yet applied on top; the end of the \
      session saves what is not saved yet, and if that fails too, says the changes are lost (status 1). With \
      --stored it holds something else, as if another program had changed it: the first save then brings back \
      what it holds, with the changes applied. 'export FILE' and 'import FILE' use files kept in memory too; 'backup' \
      and 'check' are refused, as nothing is on disk.
      """,
    discussion: [
      "Reads commands one per line, typed at the prompt or piped in:\n"
        + FavoritePrimesCommand.table.specs.map(\.name).joined(separator: ", ") + ", state, trace, help, quit\n"
        + "Type 'help' at the prompt for what each one does. As a playground: 'state' prints the whole state, "
        + "and 'trace on' shows every action with the change it made to the state, until 'trace off'.",
      "'favorite-primes-demo replay FILE [--until N]' replays a recording made with --record, and "
        + "'favorite-primes-demo replay --diff OLD FILE' compares two: see 'favorite-primes-demo replay --help'.",
    ],
    flags: [
      .option(
        "--stored",
        .init(placeholder: "P,P,...", kind: .number, needs: storedNeeds, example: "2,31"),
        help: "What the store holds at the start (default 2,3,5,7). Values that are not primes, and repeats, "
          + "show what 'load' does with a store another program changed."
      ) { options, text in
        switch stored(text) {
        case let .success(stored):
          options.stored = stored
          return nil
        case let .failure(error):
          return error
        }
      },
      .switch("--fail-load", help: "Every 'load' fails, as when another program keeps the store locked.") {
        $0.failsLoading = true
      },
      .switch("--fail-save", help: "Every 'save' fails, as on a full disk.") { $0.failsSaving = true },
      .switch("--trace", help: "Start with the trace on, as 'trace on' does.") { $0.trace = true },
      .record(program: "favorite-primes-demo") { options, path in options.recordPath = path },
      .snapshotInterval { options, interval in options.snapshotInterval = interval },
    ],
    sections: [
      .init(
        "EXAMPLES",
        [
          ("", #"printf 'delete 2 3\nsave\nload\n' | favorite-primes-demo"#),
          ("", #"printf 'load\n' | favorite-primes-demo --stored 2,8,2"#),
          ("", #"printf 'save\nfavorites\n' | favorite-primes-demo --fail-save"#),
          ("", #"printf 'delete 1\nload\n' | favorite-primes-demo --trace"#),
        ]
      ),
      .demoExitStatus,
    ],
    subcommands: [
      .replay(replayCommand.interface)
    ],
    validate: { Flag<Options>.recordingUsageError(record: $0.recordPath, snapshotInterval: $0.snapshotInterval) }
  )

  /// What `--stored` takes, after "needs".
  private static let storedNeeds = "whole numbers separated by commas"

  /// `text` as `--stored`'s list: whole numbers (``WholeNumber``, as `set` reads them) between single commas.
  private static func stored(_ text: String) -> Result<[Int], UsageError> {
    var values: [Int] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard case let .value(value) = WholeNumber(String(word)) else {
        return .failure(UsageError("'--stored' needs \(storedNeeds), like '--stored 2,31'; got \(Echo.quote(text))"))
      }
      values.append(value)
    }
    return .success(values)
  }
}

extension Options {
  /// `favorite-primes-demo replay FILE [--until N]` and `favorite-primes-demo replay --diff OLD FILE`, through
  /// the screen's reducer with an in-memory store as its client (effects are dropped in a replay anyway).
  static var replayCommand: ReplayCommand<FavoritePrimesState, FavoritePrimesAction> {
    ReplayCommand(
      program: "favorite-primes-demo", version: version, reducerName: "the favorite primes screen's reducer",
      reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory())
    )
  }
}
