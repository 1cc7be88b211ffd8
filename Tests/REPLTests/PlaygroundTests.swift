import REPL
import Platform
import ExecutableTestSupport
import Testing

/// A front end over a plain tally, standing in for a feature's: `save` adds one and, while the trace is on,
/// writes a trace line as a traced store would.
@MainActor
private final class TallyFrontEnd: FrontEnd {
  var saves = 0
  var isTracing = false
  let console: Console

  init(console: Console) {
    self.console = console
  }

  var commands: CommandTable<DemoCommand> { demoCommands }

  var location: String { "saved \(saves)" }

  func run(_ command: DemoCommand) async -> CommandResult {
    guard command == .save else { return demoHandler(command) }
    saves += 1
    if isTracing {
      console.print("received action: save")
    }
    return .output(["saved \(saves) times"])
  }
}

/// `Playground` adds `state` and `trace on|off` to any front end, keeps its commands and prompt, and reads
/// the state and flips the trace only through what it was given.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct PlaygroundTests {
  private func playground(_ frontEnd: TallyFrontEnd) -> Playground<TallyFrontEnd> {
    Playground(
      frontEnd,
      state: { ["Tally(", "  saves: \(frontEnd.saves)", ")"] },
      isTracing: { frontEnd.isTracing },
      setTracing: { frontEnd.isTracing = $0 }
    )
  }

  @Test func aREPLDrivesTheFeatureThroughThePlaygroundWithTheFeaturesPrompt() async {
    let recording = RecordingConsole()
    let frontEnd = TallyFrontEnd(console: recording.console)
    let playground = playground(frontEnd)
    let repl = REPL(
      name: "tally-demo", commands: playground.commands, prompt: { "\(playground.location)> " },
      isInteractive: true, console: recording.console,
      input: .lines(["save", "state", "trace on", "save", "trace", "trace off", "save", "load"])
    )

    let status = await repl.run { command in await playground.run(command) }

    #expect(status == 0)
    #expect(
      recording.output == """
        saved 0> saved 1 times
        saved 1> Tally(
          saves: 1
        )
        saved 1> tracing on
        saved 1> received action: save
        saved 2 times
        saved 2> tracing is on
        saved 2> tracing off
        saved 2> saved 3 times
        saved 3> saved 3> \n
        """
    )
    #expect(recording.error == "tally-demo: nothing saved yet; use 'save' first.\n")
  }

  @Test func theFeaturesCommandsComeFirstThenStateAndTrace() {
    let playground = playground(TallyFrontEnd(console: RecordingConsole().console))
    #expect(playground.commands.specs.map(\.name) == ["save", "load", "delete", "nth", "state", "trace"])
    #expect(playground.commands.spec(for: "trace")?.usage == "trace [on|off]")
  }

  @Test func traceTakesOnOrOffOnly() {
    let table = playground(TallyFrontEnd(console: RecordingConsole().console)).commands
    #expect(
      table.parse("trace maybe").failureMessage
        == "'trace' takes 'on' or 'off', like 'trace on'; got 'maybe'."
    )
    #expect(table.parse("trace on off").failureMessage == "'trace' takes 'on' or 'off', like 'trace on'; got 'on off'.")
    #expect(table.parse("state now").failureMessage == "'state' takes no arguments: type 'state' alone.")
  }

  @Test func theTraceCanStartOn() async {
    let frontEnd = TallyFrontEnd(console: RecordingConsole().console)
    frontEnd.isTracing = true
    let playground = playground(frontEnd)
    #expect(await playground.run(.trace(nil)) == .output(["tracing is on"]))
    #expect(await playground.run(.trace(false)) == .output(["tracing off"]))
    #expect(!frontEnd.isTracing)
  }
}

extension Result where Failure == CommandError {
  /// The error's message, nil on success.
  fileprivate var failureMessage: String? {
    guard case let .failure(error) = self else { return nil }
    return error.message
  }
}
