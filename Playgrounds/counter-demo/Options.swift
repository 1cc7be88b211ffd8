import CommandLineInterface
import ComposableArchitecture
import Counter
import CounterTerminal
import Platform
import REPL
import Replay

/// What the command line asked for: `counter-demo [--delay SECONDS] [--answer N | --fail] [--trace] [--record
/// FILE]`, as ``interface`` declares it; `counter-demo replay FILE` is read apart, by ``replayCommand``.
struct Options: Equatable {
  /// How nth-prime questions are answered.
  enum Answer: Equatable {
    /// Computed on this machine (or asked of Wolfram|Alpha when it is configured).
    case computed
    /// Always this number (`--answer N`).
    case always(Int)
    /// Never: every question fails as a failed computation does (`--fail`).
    case failure
  }

  /// How long `nth` waits before answering, as a slow service would.
  var delay: Duration = .milliseconds(500)
  /// How `nth` is answered.
  var answer = Answer.computed
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false
  /// Where to record the session (see `Recording`); nil for no recording.
  var recordPath: String?
  /// How many steps apart the recording holds the state (`--snapshot-interval`); nil for the default, 10.
  var snapshotInterval: Int?

  /// The longest delay accepted, in seconds.
  static let maximumDelay = 3600.0

  /// What `--version` prints.
  static let version = "counter-demo 0.7.0"

  /// The command line, declared once: the parser, `--help`, `--version` and `--completions SHELL` come from it.
  static let interface = CommandLineInterface<Options>(
    name: "counter-demo",
    version: version,
    abstract: """
      Runs PrimeTime's Counter feature alone: the count, the nth-prime alert and the is-this-prime modal. The \
      nth prime is computed on this machine after a delay, as a slow service would answer; favorite primes live \
      in memory for the session.
      """,
    discussion: [
      "Reads commands one per line, typed at the prompt or piped in:\n"
        + CounterCommand.table.specs.map(\.nameWithAliases).joined(separator: ", ") + ", state, trace, help, quit\n"
        + "Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole state, "
        + "and 'trace on' shows every action (those the nth-prime answer sends back too) with the change it made "
        + "to the state, until 'trace off'.",
      "'counter-demo replay FILE [--until N]' replays a recording made with --record, and 'counter-demo replay "
        + "--diff OLD FILE' compares two: see 'counter-demo replay --help'.",
    ],
    flags: [
      .option(
        "--delay",
        .init(placeholder: "SECONDS", kind: .number, needs: "a number of seconds", example: "0.5"),
        help: "How long 'nth' takes to answer (default 0.5; 0 to 3600)."
      ) { options, text in
        switch delay(text) {
        case let .success(delay):
          options.delay = delay
          return nil
        case let .failure(error):
          return error
        }
      },
      .option(
        "--answer",
        .init(placeholder: "N", kind: .number, needs: "a whole number from 1", example: "17"),
        help: "Answer every nth-prime question with N instead of computing it."
      ) { options, text in
        guard case let .value(number) = WholeNumber(text), number >= 1 else {
          return UsageError("'--answer' needs a whole number from 1, like '--answer 17'; got \(Echo.quote(text))")
        }
        options.answer = .always(number)
        return nil
      },
      .switch("--fail", help: "Fail every nth-prime question, as a failed computation does.") {
        $0.answer = .failure
      },
      .switch("--trace", help: "Start with the trace on, as 'trace on' does.") { $0.trace = true },
      .record(program: "counter-demo") { options, path in options.recordPath = path },
      .snapshotInterval { options, interval in options.snapshotInterval = interval },
    ],
    // The reason keeps the flags in the order the usage line lists them, whichever came first.
    exclusions: [.init(["--answer", "--fail"], reason: "'--answer' and '--fail' can't be given together")],
    sections: [
      .init(
        "ENVIRONMENT",
        [
          (
            "WOLFRAM_ALPHA_APPID",
            "Ask Wolfram|Alpha for the nth prime instead, as the original app did (no delay); when it fails, the "
              + "prime is computed here and a line says why. '--answer' and '--fail' win over it."
          )
        ]
      ),
      .init(
        "EXAMPLES",
        [
          ("", #"printf '+\n+\nnth\n' | counter-demo --delay 0"#),
          ("", #"printf '+\nnth\n' | counter-demo --delay 0 --answer 17 --trace"#),
        ]
      ),
      .demoExitStatus,
    ],
    subcommands: [
      .replay(replayCommand.interface)
    ],
    validate: { Flag<Options>.recordingUsageError(record: $0.recordPath, snapshotInterval: $0.snapshotInterval) }
  )

  /// `text` as a delay: a decimal number of seconds (``DecimalNumber``, as `set` reads numbers, with a
  /// fraction) from 0 to ``maximumDelay``.
  private static func delay(_ text: String) -> Result<Duration, UsageError> {
    guard let seconds = DecimalNumber(text)?.value, seconds >= 0, seconds <= maximumDelay else {
      return .failure(
        UsageError(
          "'--delay' needs a number of seconds from 0 to \(Int(maximumDelay)), like '--delay 0.5';"
            + " got \(Echo.quote(text))"
        )
      )
    }
    return .success(.seconds(seconds))
  }
}

extension CommandSpec {
  /// `+ (incr)`: the name, then any aliases in parentheses.
  var nameWithAliases: String {
    aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
  }
}

extension Options {
  /// `counter-demo replay FILE [--until N]` and `counter-demo replay --diff OLD FILE`, through the counter
  /// screen's reducer with ``Counter/NthPrimeClient/replaying``: the offline engine's limit, which the reducer
  /// reads itself, and effects that send nothing (they are dropped in a replay anyway). A session recorded
  /// with `--answer` or `--fail`, whose client has no limit, replays the same unless it asked beyond 10^12.
  static var replayCommand: ReplayCommand<CounterViewState, CounterViewAction> {
    ReplayCommand(
      program: "counter-demo", version: version, reducerName: "the counter screen's reducer",
      reducer: counterViewReducer, environment: NthPrimeClient.replaying
    )
  }
}
