import Synchronization
import REPL
import Platform
import ExecutableTestSupport
import Testing

/// Runs the demo REPL over `lines` and returns the exit status with everything it printed.
@MainActor
private func session(
  _ lines: [String],
  interactive: Bool = false,
  banner: String? = "PrimeTime demo. Type 'help'."
) async -> (status: Int32, output: String, error: String) {
  let recording = RecordingConsole()
  let repl = REPL(
    name: "demo",
    commands: demoCommands,
    banner: banner,
    isInteractive: interactive,
    console: recording.console,
    input: .lines(lines)
  )
  let status = await repl.run { demoHandler($0) }
  return (status, recording.output, recording.error)
}

@MainActor
@Suite(.timeLimit(.minutes(2))) struct REPLTests {
  @Test func helpListsEveryCommandThenTheBuiltInsWithTheirAliases() async {
    let result = await session(["help"])
    #expect(
      result.output == """
        save              Save the favourites
        load              Load the favourites
        delete I [I ...]  Remove favourites at the given positions (alias: rm)
        nth N             Print the nth prime
        help [COMMAND]    List the commands, or describe one
        quit              End the session (alias: exit)

        """
    )
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func helpNameShowsUsageSummaryDetailAndAliases() async {
    let byName = await session(["help delete"])
    let byAlias = await session(["help rm"])
    let expected = """
      usage: delete I [I ...]
      Remove favourites at the given positions
      Example: delete 2 3 removes the second and third.
      aliases: rm

      """
    #expect(byName.output == expected)
    #expect(byAlias.output == expected)
    #expect(await session(["help save"]).output == "usage: save\nSave the favourites\n")
    #expect(await session(["help exit"]).output == "usage: quit\nEnd the session\naliases: exit\n")
  }

  @Test func helpUnknownNameSuggests() async {
    let result = await session(["help sav", "help a b"])
    #expect(result.output == "")
    #expect(
      result.error == """
        demo: line 1: unknown command 'sav'; did you mean 'save'? Type 'help' for the list.
        demo: line 2: 'help' takes one command name at most, like 'help help'.

        """
    )
    #expect(result.status == 1)
  }

  @Test func unknownCommandsAlsoSuggestBuiltIns() async {
    let result = await session(["hlep", "quti", "xyz"])
    #expect(
      result.error == """
        demo: line 1: unknown command 'hlep'; did you mean 'help'? Type 'help' for the list.
        demo: line 2: unknown command 'quti'; did you mean 'quit'? Type 'help' for the list.
        demo: line 3: unknown command 'xyz'. Type 'help' for the list.

        """
    )
  }

  @Test func pipedRunSkipsBlankAndCommentLinesAndCountsThemInLineNumbers() async {
    let result = await session([
      "# set up",
      "",
      "save",
      "sav",
      "   ",
      "  # indented comment",
      "delete 2 x",
      "nth 5",
      "load",
    ])
    #expect(result.output == "saved\nprime 5\n")
    #expect(
      result.error == """
        demo: line 4: unknown command 'sav'; did you mean 'save'? Type 'help' for the list.
        demo: line 7: 'delete' needs positions like 'delete 2 3'; 'x' is not a number.
        demo: line 9: nothing saved yet; use 'save' first.

        """
    )
    #expect(result.status == 1)
  }

  /// Bytes that are not UTF-8 reach the REPL as U+FFFD; a command holding one would name another file or
  /// number than the one meant, so the line is refused whole, quoted with the U+FFFD the message names, and the
  /// next lines still run.
  @Test func aLineThatWasNotUTF8IsRefusedWholeAndTheNextLinesRun() async {
    let result = await session(["save", "nth 5\u{FFFD}", "# a comment \u{FFFD} is left alone", "nth 3"])
    #expect(result.output == "saved\nprime 3\n")
    #expect(
      result.error
        == "demo: line 2: 'nth 5\u{FFFD}' has bytes that are not UTF-8 (shown as \u{FFFD}); nothing of it was "
        + "run. Write it in UTF-8.\n"
    )
    #expect(result.status == 1)
  }

  /// A script saved by an editor that starts files with a byte order mark (U+FEFF) runs its first command; a
  /// mark anywhere else is no part of a command.
  @Test func aByteOrderMarkAtTheStartOfTheInputIsPassedOver() async {
    let result = await session(["\u{FEFF}nth 5", "\u{FEFF}nth 3"])
    #expect(result.output == "prime 5\n")
    #expect(
      result.error == "demo: line 2: unknown command '\\u{FEFF}nth'; did you mean 'nth'? Type 'help' for the list.\n")
    #expect(result.status == 1)
  }

  /// A line over ``LineSource/maximumLineLength`` is refused whole, without being split into words.
  @Test func aLineOverTheLimitIsRefusedWholeAndTheNextLinesRun() async {
    let long = "nth " + String(repeating: "9", count: LineSource.maximumLineLength)
    let result = await session(["save", long, "nth 3"])
    #expect(result.output == "saved\nprime 3\n")
    #expect(
      result.error
        == "demo: line 2: the line is longer than 1 MiB (1,048,576 bytes); nothing of it was run. Put one command "
        + "on each line.\n"
    )
    #expect(result.status == 1)
  }

  @Test func pipedRunExitsZeroWhenEveryCommandSucceeds() async {
    let result = await session(["save", "# note", "", "delete 1 2", "nth 3"])
    #expect(result.status == 0)
    #expect(result.output == "saved\ndeleted [1, 2]\nprime 3\n")
    #expect(result.error == "")
  }

  @Test func pipedRunExitsOneWhenOnlyTheHandlerFailed() async {
    let result = await session(["nth 13", "nth 2"])
    #expect(result.status == 1)
    #expect(result.output == "prime 2\n")
    #expect(result.error == "demo: line 1: 13 is unlucky.\n")
  }

  @Test func pipedRunHasNoBannerAndNoPrompt() async {
    let result = await session(["save"], interactive: false)
    #expect(result.output == "saved\n")
  }

  @Test func interactiveRunShowsBannerAndAPromptBeforeEachRead() async {
    let result = await session(["save", "", "nth 2"], interactive: true)
    #expect(result.output == "PrimeTime demo. Type 'help'.\n> saved\n> > prime 2\n> \n")
  }

  @Test func interactiveErrorsHaveNoLineNumberAndStatusStaysZero() async {
    let result = await session(["sav", "load"], interactive: true, banner: nil)
    #expect(result.output == "> > > \n")
    #expect(
      result.error == """
        demo: unknown command 'sav'; did you mean 'save'? Type 'help' for the list.
        demo: nothing saved yet; use 'save' first.

        """
    )
    #expect(result.status == 0)
  }

  @Test func interactiveEndOfInputPrintsANewlineAndExitsZero() async {
    let result = await session([], interactive: true, banner: nil)
    #expect(result.output == "> \n")
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func quitAndExitStopReading() async {
    let quit = await session(["save", "quit", "nth 2"])
    #expect(quit.output == "saved\n")
    #expect(quit.status == 0)

    let exit = await session(["load", "exit", "nth 2"])
    #expect(exit.output == "")
    #expect(exit.status == 1)

    let interactive = await session(["quit", "save"], interactive: true, banner: nil)
    #expect(interactive.output == "> ")
    #expect(interactive.status == 0)
  }

  @Test func quitWithArgumentsIsAnErrorAndTheRunGoesOn() async {
    let result = await session(["quit now", "save"])
    #expect(result.error == "demo: line 1: 'quit' takes no arguments: type 'quit' alone.\n")
    #expect(result.output == "saved\n")
    #expect(result.status == 1)
  }

  @Test func controlCharactersAreNotEchoedToTheTerminal() async {
    let result = await session(["\u{1B}]0;owned\u{7}", "delete \u{1B}[2J"])
    #expect(
      result.error == """
        demo: line 1: unknown command '\\u{1B}]0;owned\\u{7}'. Type 'help' for the list.
        demo: line 2: 'delete' needs positions like 'delete 2 3'; '\\u{1B}[2J' is not a number.

        """
    )
    #expect(!result.error.contains("\u{1B}"))
  }

  @Test func eachCommandCompletesBeforeTheNextLineIsRead() async {
    let log = EventLog()
    let lines = LineSource.lines(["save", "nth 2"])
    let input = LineSource {
      let line = await lines.nextLine()
      log.append("read \(line ?? "EOF")")
      return line
    }
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: false,
      console: recording.console,
      input: input
    )
    let status = await repl.run { command in
      log.append("start \(command)")
      try? await Task.sleep(for: .milliseconds(20))
      log.append("end \(command)")
      return .success
    }
    #expect(status == 0)
    #expect(
      log.all == [
        "read save", "start save", "end save",
        "read nth 2", "start nth(2)", "end nth(2)",
        "read EOF",
      ]
    )
  }

  /// A command's output lines reach the console in one call, so the standard console makes one `write` per
  /// command; an error line is its own call, after the output of the commands before it.
  @Test func eachCommandsOutputReachesTheConsoleInOneWrite() async {
    let log = EventLog()
    let console = Console(writeOutput: { log.append($0) }, writeError: { log.append("error: " + $0) })
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: false,
      console: console,
      input: .lines(["help save", "save", "load", "help quit"])
    )
    let status = await repl.run { demoHandler($0) }
    #expect(status == 1)
    #expect(
      log.all == [
        "usage: save\nSave the favourites\n",
        "saved\n",
        "error: demo: line 3: nothing saved yet; use 'save' first.\n",
        "usage: quit\nEnd the session\naliases: exit\n",
      ]
    )
  }

  /// Lines a source already holds (``LineSource/readyLine``) are taken without awaiting `nextLine`, in order
  /// with the lines `nextLine` gives, and line numbers count both.
  @Test func readyLinesAreRunInOrderWithTheLinesReadByNextLine() async {
    let log = EventLog()
    let ready = Mutex(["save", "nth 2"][...])
    let awaited = LineSource.lines(["nth 13", "delete 1"])
    var input = LineSource {
      let line = await awaited.nextLine()
      log.append("awaited \(line ?? "EOF")")
      return line
    }
    input.readyLine = {
      let line = ready.withLock { $0.popFirst() }
      if let line { log.append("ready \(line)") }
      return line
    }
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo", commands: demoCommands, isInteractive: false, console: recording.console, input: input)
    let status = await repl.run { demoHandler($0) }
    #expect(status == 1)
    #expect(log.all == ["ready save", "ready nth 2", "awaited nth 13", "awaited delete 1", "awaited EOF"])
    #expect(recording.output == "saved\nprime 2\ndeleted [1]\n")
    #expect(recording.error == "demo: line 3: 13 is unlucky.\n")
  }

  /// The console is flushed before the REPL waits for input and when it returns, never between the lines the
  /// input already held: output kept back goes out in one piece, and before the program waits.
  @Test func theConsoleIsFlushedBeforeEachWaitForInputAndAtTheEnd() async {
    let log = EventLog()
    let console = Console(
      writeOutput: { log.append("out " + $0) },
      writeError: { log.append("err " + $0) },
      flush: { log.append("flush") }
    )
    let ready = Mutex(["save", "nth 2"][...])
    let awaited = LineSource.lines(["load"])
    var input = LineSource { await awaited.nextLine() }
    input.readyLine = { ready.withLock { $0.popFirst() } }
    let repl = REPL(name: "demo", commands: demoCommands, isInteractive: false, console: console, input: input)
    let status = await repl.run { demoHandler($0) }
    #expect(status == 1)
    #expect(
      log.all == [
        "out saved\n", "out prime 2\n", "flush",
        "err demo: line 3: nothing saved yet; use 'save' first.\n", "flush",
        "flush",
      ]
    )
  }

  @Test func promptAndHandlerCanUseMainActorState() async {
    @MainActor final class Counter {
      var saves = 0
      func save() async { saves += 1 }
    }
    let counter = Counter()
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      prompt: { "saves \(counter.saves)> " },
      isInteractive: true,
      console: recording.console,
      input: .lines(["save", "save"])
    )
    let status = await repl.run { command in
      await counter.save()
      return .output(["\(command) made \(counter.saves)"])
    }
    #expect(status == 0)
    #expect(recording.output == "saves 0> save made 1\nsaves 1> save made 2\nsaves 2> \n")
  }
}
