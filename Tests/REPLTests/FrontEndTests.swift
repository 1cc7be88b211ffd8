import REPL
import ExecutableTestSupport
import Testing

/// A front end over a plain counter, standing in for a feature's: `save` adds one, `load` fails.
@MainActor
private final class TallyFrontEnd: FrontEnd {
  var saves = 0

  var commands: CommandTable<DemoCommand> { demoCommands }

  var location: String { "saved \(saves)" }

  func run(_ command: DemoCommand) async -> CommandResult {
    switch command {
    case .save:
      saves += 1
      return .output(["saved \(saves) times"])
    default:
      return demoHandler(command)
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2))) struct FrontEndTests {
  @Test func aREPLDrivesAFrontEndAsFrontEndsDocumentationShows() async {
    let frontEnd = TallyFrontEnd()
    let recording = RecordingConsole()
    // As `FrontEnd`'s documentation writes it, plus what a test needs: the input and the console.
    let repl = REPL(
      name: "counter-demo", commands: frontEnd.commands, prompt: { "\(frontEnd.location)> " },
      isInteractive: true, console: recording.console, input: .lines(["save", "save", "load"])
    )
    let status = await repl.run { command in await frontEnd.run(command) }
    #expect(status == 0)
    #expect(recording.output == "saved 0> saved 1 times\nsaved 1> saved 2 times\nsaved 2> saved 2> \n")
    #expect(recording.error == "counter-demo: nothing saved yet; use 'save' first.\n")
  }
}
