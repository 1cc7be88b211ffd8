public import CommandLineInterface
public import ComposableArchitecture
public import Platform

import FoundationEssentials

/// `PROGRAM replay FILE [--until N]` and `PROGRAM replay --diff OLD FILE`: the subcommand every program that
/// records with `--record FILE` has, declared and run once here for any feature.
///
/// A program declares only what is its own: its name and version, its reducer with the environment a replay
/// gives it (effects are dropped, so its clients need not work, but they must not reach the outside world
/// either), and how a state is printed. Replaying reduces every recorded action in order through the reducer,
/// reading and writing nothing but the recording: a faithful replay prints one line and exits 0; the first
/// recorded state it does not reproduce prints the step, its action and a diff, and exits 1; `--until N`
/// stops after step N and prints the state. A replay takes the effects' results from the recording, unchecked:
/// it proves that the reducer decides as it did given those results, not that the file is what a run wrote
/// (an edited result, with the states after it edited to match, replays faithfully). `--diff OLD FILE` replays nothing: it compares the two recordings
/// step by step (``Recording/compared(with:through:)``), prints one line and exits 0 when they match, else the
/// first difference with a diff (`−` OLD, `+` FILE) and exits 1, as when every step matches but a recording
/// lacks its end line; with `--until N` it compares up to step N. A
/// recording that can't be read is one line on standard error naming the file (and the line at fault), status
/// 1; a command-line error is one line, status 64.
public struct ReplayCommand<State: Codable & Equatable & Sendable, Action: Codable & Equatable & Sendable> {
  /// What the subcommand was asked: the recording, the step to stop after, and the recording to compare with.
  public struct Request: Equatable, Sendable {
    /// The recording to replay (or, with ``other``, the second one compared); nil until the command line gives it.
    public var path: String?
    /// Stop after this step (and, replaying, print the state); nil to go to the end.
    public var until: Int?
    /// `--diff OLD`: the recording to compare ``path`` with, instead of replaying; nil to replay.
    public var other: String?

    /// A request; the command line fills it in.
    public init(path: String? = nil, until: Int? = nil, other: String? = nil) {
      self.path = path
      self.until = until
      self.other = other
    }
  }

  /// What running the request printed and how it ended.
  public struct Outcome: Equatable, Sendable {
    /// The lines for standard output.
    public var output: [String] = []
    /// The lines for standard error, each without the program's name, which ``runOrExit(arguments:console:)``
    /// puts before it.
    public var errors: [String] = []
    /// The exit status: 0, or 1 for a divergence, a difference or a recording that can't be read.
    public var status: Int32 = 0

    /// An outcome of these lines and this status.
    public init(output: [String] = [], errors: [String] = [], status: Int32 = 0) {
      self.output = output
      self.errors = errors
      self.status = status
    }
  }

  /// The program's name: `primetime`.
  public var program: String
  /// What `--version` prints: `primetime 0.7.0`.
  public var version: String
  /// What the recorded actions are replayed through, for the help: `PrimeTime's reducer`.
  public var reducerName: String
  private let replaying: (Recording<State, Action>, Int?) -> ReplayReport<State, Action>
  private let describe: (State) -> [String]

  /// The subcommand of `program`, replaying through `replay` and printing states with `describe`.
  ///
  /// - Parameters:
  ///   - replay: replays the recording through the program's reducer up to the step given (nil: every step),
  ///     usually by calling ``ComposableArchitecture/replay(_:reducer:environment:through:)`` inside the
  ///     dependencies a replay needs.
  ///   - describe: a state's lines for `--until`; by default as a playground's `state` command prints it.
  public init(
    program: String,
    version: String,
    reducerName: String,
    describe: @escaping (State) -> [String] = { Trace.describe($0) },
    replay: @escaping (Recording<State, Action>, Int?) -> ReplayReport<State, Action>
  ) {
    self.program = program
    self.version = version
    self.reducerName = reducerName
    self.describe = describe
    replaying = replay
  }

  /// The subcommand of `program`, replaying through an environment-style `reducer` given `environment`.
  public init<Environment>(
    program: String,
    version: String,
    reducerName: String,
    reducer: @escaping Reducer<State, Action, Environment>,
    environment: Environment,
    describe: @escaping (State) -> [String] = { Trace.describe($0) }
  ) {
    self.init(program: program, version: version, reducerName: reducerName, describe: describe) { recording, until in
      ComposableArchitecture.replay(recording, reducer: reducer, environment: environment, through: until)
    }
  }

  /// The subcommand of `program`, replaying through a protocol-style `reducer` with the dependencies in effect
  /// where the replay runs (give the reducer the ones it needs with `.dependency`).
  public init<R: ReducerProtocol>(
    program: String,
    version: String,
    reducerName: String,
    reducer: R,
    describe: @escaping (State) -> [String] = { Trace.describe($0) }
  ) where R.State == State, R.Action == Action {
    self.init(program: program, version: version, reducerName: reducerName, describe: describe) { recording, until in
      ComposableArchitecture.replay(recording, reducer: reducer, through: until)
    }
  }

  /// Whether `arguments` (this process's, program name first) ask for this subcommand: `replay` comes first.
  public static func isRequested(by arguments: [String] = CommandLine.arguments) -> Bool {
    arguments.dropFirst().first == "replay"
  }

  /// The subcommand's command line, from which its `--help` and manual page come.
  public var interface: CommandLineInterface<Request> {
    CommandLineInterface(
      name: "\(program) replay",
      version: version,
      shortDescription: "replay a recording of \(program), or compare two",
      abstract: "Replays a recording made with '\(program) --record FILE': every recorded action, in order, through "
        + "\(reducerName), with the effects dropped, comparing each recorded state with the replayed one. "
        + "With '--diff OLD FILE', compares two recordings instead.",
      discussion: [
        "Nothing is read or written but the recordings: no database, no history, no network.",
        "A replay proves that the reducers decide as they did, given the effect results in the recording. It runs "
          + "the reducers again on the recorded actions, but it takes what the effects sent back (an answer, a "
          + "save's result) from the file, unchecked. So an edited answer, with the states after it edited to "
          + "match, replays faithfully, and so does a step whose origin (user or effect) was swapped: a replay "
          + "cannot detect either.",
        "'--diff OLD FILE' replays nothing: it aligns the two recordings by step and shows the first difference "
          + "(in the initial states, a step's origin or action, a state both recorded after the same step, or "
          + "one recording ending before the other), '−' lines OLD's and '+' lines FILE's. When every step matches "
          + "but one recording has no end line (its run was cut), they match only up to the last step, and the "
          + "status is 1. With '--until N' it compares up to step N.",
      ],
      flags: [
        .option(
          "--until", .init(placeholder: "N", kind: .number, needs: "a step number", example: "12"),
          help: "Stop after step N and print the state then; with --diff, compare up to step N."
        ) { request, text in
          guard case let .value(step) = WholeNumber(text), step >= 0 else {
            return UsageError("'--until' needs a step number from 0, like '--until 12'; got \(Echo.quote(text))")
          }
          request.until = step
          return nil
        },
        .option(
          "--diff", .init(placeholder: "OLD", kind: .path, needs: "a recording's path", example: "old.jsonl"),
          help: "Compare the recording OLD with FILE, step by step, instead of replaying."
        ) { request, text in
          request.other = text
          return nil
        },
      ],
      arguments: .init(
        placeholder: "FILE", help: "The recording to replay, or to compare with OLD.", minimumCount: 1
      ) { request, text in
        request.path = text
        return nil
      },
      sections: [
        .init(
          "EXIT STATUS",
          paragraph: "0 when every recorded state matched (with --diff: when the recordings match); 1 at the first "
            + "step that differs (its action and a diff are printed), when with --diff a recording has no end line, "
            + "or when a recording can't be read; 64 on a command-line error."
        )
      ]
    )
  }

  /// Replays, or compares, what `request` names.
  public func run(_ request: Request) -> Outcome {
    var outcome = Outcome()
    guard let path = request.path else {
      outcome.errors.append("FILE is missing")
      outcome.status = UsageError.exitStatus
      return outcome
    }
    if let other = request.other {
      guard let old = read(other, into: &outcome), let new = read(path, into: &outcome) else { return outcome }
      let comparison = old.compared(with: new, through: request.until)
      outcome.output = Self.lines(comparison.summary(first: other, second: path))
      outcome.status = comparison.isMatching ? 0 : 1
      return outcome
    }
    guard let recording = read(path, into: &outcome) else { return outcome }
    let report = replaying(recording, request.until)
    outcome.output = Self.lines(report.summary)
    if let until = request.until, report.isFaithful {
      let last = recording.steps.last?.number ?? 0
      if until > last {
        outcome.output.append("The recording ends after step \(last), before step \(until): this is the state it ended in.")
      }
      outcome.output += describe(report.state).flatMap { Self.lines($0) }
    }
    outcome.status = report.isFaithful ? 0 : 1
    return outcome
  }

  /// Reads `arguments` (without the program's name or `replay`) as this subcommand's, runs the request, prints
  /// what it made (`PROGRAM replay: ` before each error line) and ends the process with its status.
  ///
  /// `--help`, `--manual` and usage errors end it as ``CommandLineInterface/optionsOrExit(initial:console:arguments:)``
  /// does.
  public func runOrExit(
    arguments: [[UInt8]] = Array(ArgumentEncoding.processArguments.dropFirst()),
    console: Console = .standard
  ) -> Never {
    let request = interface.optionsOrExit(initial: Request(), console: console, arguments: arguments)
    let outcome = run(request)
    for line in outcome.output { console.print(line) }
    for line in outcome.errors { console.printError("\(program) replay: \(line)") }
    exit(StandardStreams.exitStatus(outcome.status, name: program, console: console))
  }

  /// The recording at `path`, or nil with the one line that says why it can't be read.
  private func read(_ path: String, into outcome: inout Outcome) -> Recording<State, Action>? {
    do {
      return try Recording(contentsOfFile: path, program: program)
    } catch {
      // A file that can't be read is named by the error itself; a line at fault is named after the file.
      outcome.errors.append(Echo.escaped(error.line == nil ? error.description : "\(path): \(error)"))
      outcome.status = 1
      return nil
    }
  }

  /// `text`'s lines, each escaped (`Echo.escaped`): a report repeats the recording's text and the paths given,
  /// which may carry controls and bidirectional overrides that would run or reorder on the terminal.
  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Echo.escaped(String($0)) }
  }
}
