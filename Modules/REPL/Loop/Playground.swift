import Platform

/// A feature's front end as a playground, the way a demo runs it: the feature's own commands, then `state`,
/// which prints the whole state, and `trace on|off`, which switches the trace of every action and the change
/// it made to the state.
///
/// The playground knows nothing of stores or reducers: `state` returns the state's lines (the library's
/// `Trace.describe(store.value)`), and `isTracing`/`setTracing` read and flip the switch of the trace the
/// store's reducer writes to. The prompt is the feature's (``location``), so a demo's `main.swift` stays a
/// few lines; counter-demo's, compiled as this reads:
///
/// ```swift
/// let console = statusLine.clearing(.standard)
/// let trace = Trace(isOn: options.trace) { entry in console.print(entry) }
/// let store = Store(
///   initialValue: CounterViewState(),
///   reducer: tracing(counterViewReducer, to: trace),
///   environment: environment
/// )
/// let frontEnd = CounterFrontEnd(store: store)
/// let playground = Playground(
///   frontEnd,
///   state: { Trace.describe(store.value) },
///   isTracing: { trace.isOn },
///   setTracing: { trace.isOn = $0 }
/// )
/// ```
///
/// Trace entries go through the REPL's console, so that a status line is erased before each one.
@MainActor
public final class Playground<Feature: FrontEnd>: FrontEnd {
  /// A feature's command, or one of the playground's own.
  public typealias Command = PlaygroundCommand<Feature.Command>

  private let feature: Feature
  private let stateLines: @MainActor () -> [String]
  private let isTracing: @MainActor () -> Bool
  private let setTracing: @MainActor (Bool) -> Void

  /// Wraps `feature`; `state` gives the state's lines, `isTracing` and `setTracing` read and flip the trace.
  public init(
    _ feature: Feature,
    state: @escaping @MainActor () -> [String],
    isTracing: @escaping @MainActor () -> Bool,
    setTracing: @escaping @MainActor (Bool) -> Void
  ) {
    self.feature = feature
    stateLines = state
    self.isTracing = isTracing
    self.setTracing = setTracing
  }

  /// The feature's commands, in its order, then `state` and `trace`.
  public var commands: CommandTable<Command> {
    feature.commands.map { PlaygroundCommand.feature($0) } + PlaygroundCommand.table
  }

  /// The feature's location: the playground adds nothing to the prompt.
  public var location: String { feature.location }

  /// Runs a feature's command through the feature; prints the state, or flips or reports the trace.
  public func run(_ command: Command) async -> CommandResult {
    switch command {
    case let .feature(command):
      return await feature.run(command)
    case .state:
      // The state repeats what was typed (a path, say): shown escaped, as the trace shows it.
      return .output(stateLines().map(Echo.escaped))
    case .trace(nil):
      return .output(["tracing is \(isTracing() ? "on" : "off")"])
    case let .trace(isOn?):
      setTracing(isOn)
      return .output(["tracing \(isOn ? "on" : "off")"])
    }
  }
}

/// A command of a ``Playground``: one of the feature's, or one of the playground's own.
public enum PlaygroundCommand<FeatureCommand: Sendable>: Sendable {
  /// One of the feature's commands.
  case feature(FeatureCommand)
  /// `state`: print the whole state.
  case state
  /// `trace on` (true), `trace off` (false), or `trace` (nil: say whether it is on).
  case trace(Bool?)

  /// `state` and `trace`, the commands a playground adds.
  static var table: CommandTable<Self> {
    CommandTable([
      .noArguments(
        "state",
        summary: "Show the whole state, field by field",
        detail: "Long lists show their first 20 elements and how many more there are.",
        command: .state
      ),
      CommandSpec(
        "trace",
        usage: "trace [on|off]",
        summary: "Show every action and the change it made to the state, or stop",
        detail: "Example: trace on. Without 'on' or 'off', says whether tracing is on."
      ) { words -> Result<Self, CommandError> in
        switch words.map({ $0.lowercased() }) {
        case []: .success(.trace(nil))
        case ["on"]: .success(.trace(true))
        case ["off"]: .success(.trace(false))
        default:
          .failure(
            CommandError(
              "'trace' takes 'on' or 'off', like 'trace on'; got \(Echo.quote(words.joined(separator: " ")))."
            )
          )
        }
      },
    ])
  }
}
