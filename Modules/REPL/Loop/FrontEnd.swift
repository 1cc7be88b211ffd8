/// A feature's terminal front end: the commands it understands, how each becomes actions on the feature's
/// store, and how the feature's state reads as text.
///
/// A front end decides nothing a reducer could decide. Its `run` turns a command into the actions a person's
/// taps would have sent, waits for the work they start, and then only reads the state: a problem the reducer
/// recorded becomes `.failure`, anything else is rendered. So a feature behaves the same in its demo and in
/// the app, which runs the very same front end on a scoped store.
///
/// A demo's `main.swift` drives one front end with a ``REPL``; the app composes several into one, mapping
/// each one's ``commands`` into its own command type with ``CommandTable/map(_:)``:
///
/// ```swift
/// let repl = REPL(name: "counter-demo", commands: frontEnd.commands, prompt: { "\(frontEnd.location)> " })
/// let status = await repl.run { command in await frontEnd.run(command) }
/// ```
@MainActor
public protocol FrontEnd<Command> {
  /// What a person can ask this front end to do.
  associatedtype Command: Sendable

  /// The commands, in the order `help` lists them.
  var commands: CommandTable<Command> { get }

  /// Where the person is, for the prompt: `count 7`, `favorites (3)`.
  var location: String { get }

  /// Does `command`: sends its actions, waits for every effect they start, and returns the lines to show or
  /// the problem the state now records.
  func run(_ command: Command) async -> CommandResult
}
