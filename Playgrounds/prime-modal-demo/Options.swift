import CommandLineInterface
import ComposableArchitecture
import Platform
import PrimeModal
import PrimeModalTerminal
import Replay

/// What the command line asked for: `prime-modal-demo [--favorites P,P,...] [--trace] [--record FILE] [--]
/// [COUNT]`, as ``interface`` declares it; `prime-modal-demo replay FILE` is read apart, by ``replayCommand``.
struct Options: Equatable {
  /// The number the modal is about.
  var count = 7
  /// The favourite primes to start with, in order.
  var favorites: [Int] = []
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false
  /// Where to record the session (see `Recording`); nil for no recording.
  var recordPath: String?
  /// How many steps apart the recording holds the state (`--snapshot-interval`); nil for the default, 10.
  var snapshotInterval: Int?

  /// What `--version` prints.
  static let version = "prime-modal-demo 0.7.0"

  /// The command line, declared once: the parser, `--help`, `--version` and `--completions SHELL` come from it.
  ///
  /// A whole number is the count even when it starts with `-`, so `prime-modal-demo -3` is about -3, and so is
  /// `prime-modal-demo -- -3`; numbers are read as `set` reads them (``WholeNumber``: decimal digits after an
  /// optional sign). The favourites given must be ones the modal's button would save, one by one.
  static let interface = CommandLineInterface<Options>(
    name: "prime-modal-demo",
    version: version,
    abstract: """
      Runs PrimeTime's is-this-prime modal alone, about COUNT, with the favorite primes kept in memory: the \
      modal says whether COUNT is prime and offers to save it to, or remove it from, the favorite primes.
      """,
    discussion: [
      "Reads commands one per line, typed at the prompt or piped in:\n"
        + PrimeModalCommand.table.specs.map(\.name).joined(separator: ", ") + ", state, trace, help, quit\n"
        + "Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole state, "
        + "and 'trace on' shows every action with the change it made to the state, until 'trace off'.",
      "'prime-modal-demo replay FILE [--until N]' replays a recording made with --record, and 'prime-modal-demo "
        + "replay --diff OLD FILE' compares two: see 'prime-modal-demo replay --help'.",
    ],
    flags: [
      .option(
        "--favorites",
        .init(placeholder: "P,P,...", kind: .number, needs: "primes separated by commas", example: "3,5"),
        help: "The favorite primes to start with (default none); each must be prime and given once."
      ) { options, text in
        switch favorites(text) {
        case let .success(primes):
          options.favorites = primes
          return nil
        case let .failure(error):
          return error
        }
      },
      .switch("--trace", help: "Start with the trace on, as 'trace on' does.") { $0.trace = true },
      .record(program: "prime-modal-demo") { options, path in options.recordPath = path },
      .snapshotInterval { options, interval in options.snapshotInterval = interval },
    ],
    arguments: .init(
      placeholder: "COUNT",
      help: "The whole number the modal is about (default 7); it may be negative, as in 'prime-modal-demo -3', "
        + "and '--' may come before it, as in 'prime-modal-demo -- -3'.",
      takesNegativeNumbers: true
    ) { options, text in
      switch WholeNumber(text) {
      case let .value(number):
        options.count = number
        return nil
      case .tooLarge, .tooSmall:
        return UsageError("COUNT \(Echo.quote(text)) is out of range: it must be from \(Int.min) to \(Int.max)")
      case .notANumber:
        return UsageError("COUNT must be a whole number, like 7; got \(Echo.quote(text))")
      }
    },
    sections: [
      .init(
        "EXAMPLES",
        [
          ("", #"printf 'prime\nfav\nfavorites\n' | prime-modal-demo --favorites 3,5 13"#),
          ("", #"printf 'fav\nunfav\n' | prime-modal-demo --trace 13"#),
        ]
      ),
      .demoExitStatus,
    ],
    subcommands: [
      .replay(replayCommand.interface)
    ],
    validate: { Flag<Options>.recordingUsageError(record: $0.recordPath, snapshotInterval: $0.snapshotInterval) }
  )

  /// `3,5` as favourites, each saved as the modal's button would save it.
  private static func favorites(_ text: String) -> Result<[Int], UsageError> {
    var numbers: [Int] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard case let .value(number) = WholeNumber(word) else {
        return .failure(
          UsageError("'--favorites' needs primes separated by commas, like '--favorites 3,5'; got \(Echo.quote(word))")
        )
      }
      numbers.append(number)
    }
    return PrimeModalState.favorites(savingEachOf: numbers).mapError { problem in
      if case let .alreadyFavorite(prime) = problem {
        return UsageError("'--favorites' gives \(prime) twice; list each favorite prime once")
      }
      return UsageError("'--favorites': \(problem.description.dropLast())")
    }
  }
}

extension Options {
  /// `prime-modal-demo replay FILE [--until N]` and `prime-modal-demo replay --diff OLD FILE`, through the
  /// modal's reducer, which needs no environment.
  static var replayCommand: ReplayCommand<PrimeModalState, PrimeModalAction> {
    ReplayCommand(
      program: "prime-modal-demo", version: version, reducerName: "the modal's reducer", reducer: primeModalReducer,
      environment: ()
    )
  }
}
