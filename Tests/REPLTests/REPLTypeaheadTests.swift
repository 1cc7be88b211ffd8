import ExecutableTestSupport
import REPL
import Synchronization
import Testing

/// While a command runs at a terminal, the REPL asks its input to hold what is typed (a line editor then keeps
/// the terminal from echoing it), and lets go once the command has returned; built-ins and piped input never ask.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct REPLTypeaheadTests {
  /// Runs the demo REPL over `lines`, recording each call of the input's hold and each command, in order.
  private func events(of lines: [String], isInteractive: Bool) async -> [String] {
    let events = Mutex<[String]>([])
    var input = LineSource.lines(lines)
    input.holdTypeahead = { isHeld in events.withLock { $0.append(isHeld ? "hold" : "let go") } }
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: isInteractive,
      console: RecordingConsole().console,
      input: input
    )
    _ = await repl.run { command in
      events.withLock { $0.append("run \(command)") }
      return demoHandler(command)
    }
    return events.withLock { $0 }
  }

  @Test func anInteractiveCommandRunsWithTypeaheadHeld() async {
    #expect(
      await events(of: ["save", "help", "load", "nth 3"], isInteractive: true)
        == ["hold", "run save", "let go", "hold", "run load", "let go", "hold", "run nth(3)", "let go"]
    )
  }

  @Test func pipedCommandsNeverHoldTheInput() async {
    #expect(await events(of: ["save", "load"], isInteractive: false) == ["run save", "run load"])
  }
}
