import REPL
import ExecutableTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2))) struct REPLPromptTests {
  @Test func aSourceThatDrawsThePromptGetsItInsteadOfTheConsole() async {
    let prompts = EventLog()
    let lines = LineSource.lines(["save", "nth 5"])
    let input = LineSource(drawingPrompt: { prompt in
      prompts.append(prompt)
      return await lines.nextLine()
    })
    let recording = RecordingConsole()
    var saves = 0
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      prompt: { "saves \(saves)> " },
      isInteractive: true,
      console: recording.console,
      input: input
    )
    let status = await repl.run { command in
      if command == .save { saves += 1 }
      return demoHandler(command)
    }
    #expect(status == 0)
    #expect(prompts.all == ["saves 0> ", "saves 1> ", "saves 1> "])
    #expect(recording.output == "saved\nprime 5\n\n")
  }

  @Test func aPipedRunHandsAnEmptyPromptToASourceThatDrawsIt() async {
    let prompts = EventLog()
    let lines = LineSource.lines(["save"])
    let input = LineSource(drawingPrompt: { prompt in
      prompts.append(prompt)
      return await lines.nextLine()
    })
    let recording = RecordingConsole()
    let repl = REPL(name: "demo", commands: demoCommands, isInteractive: false, console: recording.console, input: input)
    #expect(await repl.run { demoHandler($0) } == 0)
    #expect(prompts.all == ["", ""])
    #expect(recording.output == "saved\n")
  }

  @Test func nextLineOfASourceThatDrawsThePromptUsesAnEmptyPrompt() async {
    let prompts = EventLog()
    let input = LineSource(drawingPrompt: { prompt in
      prompts.append(prompt)
      return "line"
    })
    #expect(await input.nextLine() == "line")
    #expect(prompts.all == [""])
    #expect(input.nextLineAfterPrompt != nil)
    #expect(LineSource.lines([]).nextLineAfterPrompt == nil)
  }

  @Test func anEnabledStyleMakesThePromptBoldAndTheNameInErrorsRed() async {
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: true,
      console: recording.console,
      input: .lines(["load"]),
      style: TextStyle(isEnabled: true)
    )
    #expect(await repl.run { demoHandler($0) } == 0)
    #expect(recording.output == "\u{1B}[1m> \u{1B}[0m\u{1B}[1m> \u{1B}[0m\n")
    #expect(recording.error == "\u{1B}[31mdemo:\u{1B}[0m nothing saved yet; use 'save' first.\n")
  }

  @Test func pipedErrorsAreNeverStyled() async {
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: false,
      console: recording.console,
      input: .lines(["load"]),
      style: TextStyle(isEnabled: true)
    )
    #expect(await repl.run { demoHandler($0) } == 1)
    #expect(recording.output == "")
    #expect(recording.error == "demo: line 1: nothing saved yet; use 'save' first.\n")
  }

  @Test func anExplicitInputGetsNoStyleByDefault() {
    let repl = REPL(name: "demo", commands: demoCommands, isInteractive: true, input: .lines([]))
    #expect(repl.style == .plain)
    #expect(repl.errorStyle == .plain)
  }

  @Test func aPipedREPLReadsStandardInputWithoutAnEditor() {
    let repl = REPL(name: "demo", commands: demoCommands, isInteractive: false)
    #expect(repl.input.nextLineAfterPrompt == nil)
    #expect(repl.style == .plain)
  }
}
