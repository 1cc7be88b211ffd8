import REPL
import ExecutableTestSupport
import Testing

/// The message `table` gives for `line`, or nil when the line parses.
private func failure(_ line: String, in table: CommandTable<DemoCommand> = demoCommands) -> String? {
  guard case .failure(let error) = table.parse(line) else { return nil }
  return error.message
}

/// The message for an unknown `word` that suggests `suggestion`, or none when it is nil.
private func unknown(_ word: String, suggesting suggestion: String? = nil) -> String {
  guard let suggestion else { return "unknown command '\(word)'. Type 'help' for the list." }
  return "unknown command '\(word)'; did you mean '\(suggestion)'? Type 'help' for the list."
}

/// Runs the demo REPL over `lines`, piped, and returns the exit status with everything it printed.
@MainActor
private func session(_ lines: [String]) async -> (status: Int32, output: String, error: String) {
  let recording = RecordingConsole()
  let repl = REPL(
    name: "demo",
    commands: demoCommands,
    isInteractive: false,
    console: recording.console,
    input: .lines(lines)
  )
  let status = await repl.run { demoHandler($0) }
  return (status, recording.output, recording.error)
}

/// How a typed word finds its command: in any case, and, when it is not one, which command is suggested.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct CommandMatchingTests {
  @Test func namesAndAliasesMatchInAnyCase() {
    #expect(demoCommands.parse("SAVE") == .success(.save))
    #expect(demoCommands.parse("Load") == .success(.load))
    #expect(demoCommands.parse("nTh 5") == .success(.nth(5)))
    #expect(demoCommands.parse("RM 2") == .success(.delete([2])))
    #expect(demoCommands.spec(for: "DELETE")?.name == "delete")
  }

  @Test func errorsNameTheCommandAsTheTableSpellsIt() {
    #expect(failure("SAVE now") == "'save' takes no arguments: type 'save' alone.")
  }

  @Test func theBuiltInsMatchInAnyCaseToo() async {
    let help = await session(["HELP Save", "Help"])
    #expect(help.output.hasPrefix("usage: save\nSave the favourites\nsave "))
    #expect(help.status == 0)

    let quit = await session(["save", "QUIT", "nth 2"])
    #expect(quit.output == "saved\n")
    #expect(quit.status == 0)

    let exit = await session(["Exit", "save"])
    #expect(exit.output == "")
  }

  @Test func theBeginningOfExactlyOneCommandSuggestsThatCommand() {
    #expect(failure("sa") == unknown("sa", suggesting: "save"))
    #expect(failure("l") == unknown("l", suggesting: "load"))
    #expect(failure("N 5") == unknown("N", suggesting: "nth"))
    // Beyond two edits from "delete", but it begins it.
    #expect(failure("del") == unknown("del", suggesting: "delete"))
    // An alias is suggested as it is spelled.
    #expect(failure("r") == unknown("r", suggesting: "rm"))
  }

  @Test func qSuggestsQuitAndEExit() async {
    let result = await session(["q", "QU", "e", "h"])
    #expect(
      result.error == """
        demo: line 1: \(unknown("q", suggesting: "quit"))
        demo: line 2: \(unknown("QU", suggesting: "quit"))
        demo: line 3: \(unknown("e", suggesting: "exit"))
        demo: line 4: \(unknown("h", suggesting: "help"))

        """
    )
    #expect(result.status == 1)
  }

  @Test func aWordThatBeginsSeveralCommandsSuggestsNone() {
    let table = CommandTable<DemoCommand>([
      .noArguments("set", summary: "", command: .load),
      .noArguments("fav", summary: "", command: .save),
      .noArguments("favorites", summary: "", command: .save),
      .noArguments("save", summary: "", command: .save),
    ])
    #expect(failure("s", in: table) == unknown("s"))
    #expect(failure("S", in: table) == unknown("S"))
    // One edit from "fav", but it begins "favorites" as well: which one was meant is anyone's guess.
    #expect(failure("fa", in: table) == unknown("fa"))
    #expect(failure("favo", in: table) == unknown("favo", suggesting: "favorites"))
  }

  @Test func aWordThatBeginsOneCommandTwiceSuggestsItsName() {
    let table = CommandTable<DemoCommand>([
      .noArguments("delete", aliases: ["del"], summary: "", command: .save),
      .noArguments("load", summary: "", command: .load),
    ])
    #expect(failure("de", in: table) == unknown("de", suggesting: "delete"))
  }

  @Test func mistypedWordsInAnyCaseGetTheClosestCommand() {
    #expect(failure("SVAE") == unknown("SVAE", suggesting: "save"))
    #expect(failure("Lod") == unknown("Lod", suggesting: "load"))
  }

  @Test func aSuggestionKeepsSomethingOfTheWord() {
    // "x" is one edit from "+", and "q" two from "ok": each only by replacing every character typed.
    let table = CommandTable<DemoCommand>([
      .noArguments("+", summary: "", command: .save),
      .noArguments("-", summary: "", command: .load),
      .noArguments("ok", summary: "", command: .load),
    ])
    #expect(failure("x", in: table) == unknown("x"))
    #expect(failure("q", in: table) == unknown("q"))
    #expect(failure("ab", in: table) == unknown("ab"))
    #expect(failure("++", in: table) == unknown("++", suggesting: "+"))
    #expect(failure("okk", in: table) == unknown("okk", suggesting: "ok"))
  }
}
