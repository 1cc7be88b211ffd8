import REPL
import Testing

/// The message `table` gives for `line`, or nil when the line parses.
private func failure(_ line: String, in table: CommandTable<DemoCommand> = demoCommands) -> String? {
  guard case .failure(let error) = table.parse(line) else { return nil }
  return error.message
}

@Suite(.timeLimit(.minutes(2))) struct CommandTableTests {
  @Test func parsesNamesAliasesAndArgumentsSeparatedByAnyWhitespace() {
    #expect(demoCommands.parse("save") == .success(.save))
    #expect(demoCommands.parse("  delete\t2   3 ") == .success(.delete([2, 3])))
    #expect(demoCommands.parse("rm 1") == .success(.delete([1])))
    #expect(demoCommands.parse("nth +5") == .success(.nth(5)))
  }

  @Test func matchesInAnyCase() {
    #expect(demoCommands.parse("Save") == .success(.save))
  }

  @Test func unknownCommandWithSuggestion() {
    #expect(failure("sav") == "unknown command 'sav'; did you mean 'save'? Type 'help' for the list.")
  }

  @Test func unknownCommandSuggestsAnAlias() {
    #expect(failure("rn 2") == "unknown command 'rn'; did you mean 'rm'? Type 'help' for the list.")
  }

  @Test func unknownCommandWithoutSuggestionBeyondTwoEdits() {
    #expect(failure("xyz") == "unknown command 'xyz'. Type 'help' for the list.")
    // Three edits from "delete", and not its beginning (which would suggest it).
    #expect(failure("dlt") == "unknown command 'dlt'. Type 'help' for the list.")
  }

  @Test func suggestionPrefersTheClosestOverTheFirst() {
    // "lod" is 1 edit from "load" and 3 from "save", which comes first.
    #expect(failure("lod") == "unknown command 'lod'; did you mean 'load'? Type 'help' for the list.")
  }

  @Test func suggestionTiesGoToTableOrder() {
    // "sad" is 2 edits from both "save" and "load".
    let saveFirst = CommandTable<DemoCommand>([
      .noArguments("save", summary: "", command: .save),
      .noArguments("load", summary: "", command: .load),
    ])
    let loadFirst = CommandTable<DemoCommand>(saveFirst.specs.reversed())
    #expect(
      failure("sad", in: saveFirst) == "unknown command 'sad'; did you mean 'save'? Type 'help' for the list."
    )
    #expect(
      failure("sad", in: loadFirst) == "unknown command 'sad'; did you mean 'load'? Type 'help' for the list."
    )
  }

  @Test func inATieACommandTheWordBeginsWinsOverTableOrder() {
    // "sav" is 1 edit from both "fav" and "save"; "save" starts with it.
    let table = CommandTable<DemoCommand>([
      .noArguments("fav", summary: "", command: .load),
      .noArguments("save", summary: "", command: .save),
    ])
    #expect(failure("sav", in: table) == "unknown command 'sav'; did you mean 'save'? Type 'help' for the list.")
    #expect(failure("fa", in: table) == "unknown command 'fa'; did you mean 'fav'? Type 'help' for the list.")
  }

  @Test func emptyLine() {
    #expect(failure(" \t") == "no command given. Type 'help' for the list.")
  }

  @Test func controlCharactersInTheEchoedWordAreEscaped() {
    #expect(failure("a\u{1B}[2J\u{7}") == "unknown command 'a\\u{1B}[2J\\u{7}'. Type 'help' for the list.")
  }

  @Test func noArguments() {
    #expect(failure("save now") == "'save' takes no arguments: type 'save' alone.")
  }

  @Test func positiveIntegersNamesTheBadWord() {
    let needs = "'delete' needs positions like 'delete 2 3'"
    #expect(failure("delete") == "\(needs).")
    #expect(failure("delete 2 x 3") == "\(needs); 'x' is not a number.")
    #expect(failure("rm 1.5") == "\(needs); '1.5' is not a number.")
    #expect(failure("delete 0") == "\(needs); '0' is not a positive number.")
    #expect(failure("delete -2") == "\(needs); '-2' is not a positive number.")
    #expect(failure("delete 0x10") == "\(needs); '0x10' is not a number.")
    #expect(failure("delete \u{663}") == "\(needs); '\u{663}' is not a number.")
  }

  @Test func hugeNumbersAreRejectedNotTrappedOn() {
    let needs = "'delete' needs positions like 'delete 2 3'"
    #expect(demoCommands.parse("delete 9223372036854775807") == .success(.delete([Int.max])))
    #expect(
      failure("delete 9223372036854775808")
        == "\(needs); '9223372036854775808' is larger than 9223372036854775807."
    )
    #expect(
      failure("delete 1 99999999999999999999999999")
        == "\(needs); '99999999999999999999999999' is larger than 9223372036854775807."
    )
    #expect(
      failure("delete -99999999999999999999999999")
        == "\(needs); '-99999999999999999999999999' is not a positive number."
    )
  }

  @Test func positiveIntegerWithAMaximum() {
    #expect(demoCommands.parse("nth 10000") == .success(.nth(10_000)))
    #expect(failure("nth 10001") == "'nth' needs a number like 'nth 5'; '10001' is larger than 10000.")
    #expect(failure("nth") == "'nth' needs a number like 'nth 5'.")
    #expect(failure("nth 1 2") == "'nth' needs a number like 'nth 5'; got 2 arguments.")
  }

  @Test func integerTakesAnySignAndNamesWhatIsWrong() {
    let table = CommandTable<DemoCommand>([
      .integer("set", usage: "set N", summary: "Set the count", needs: "a number like 'set 42'", make: DemoCommand.nth)
    ])
    let needs = "'set' needs a number like 'set 42'"
    #expect(table.parse("set 42") == .success(.nth(42)))
    #expect(table.parse("set -7") == .success(.nth(-7)))
    #expect(table.parse("set +0") == .success(.nth(0)))
    #expect(table.parse("set -9223372036854775808") == .success(.nth(Int.min)))
    #expect(failure("set", in: table) == "\(needs).")
    #expect(failure("set 1 2", in: table) == "\(needs); got 2 arguments.")
    #expect(failure("set x", in: table) == "\(needs); 'x' is not a number.")
    #expect(failure("set 9223372036854775808", in: table) == "\(needs); '9223372036854775808' is larger than 9223372036854775807.")
    #expect(
      failure("set -9223372036854775809", in: table)
        == "\(needs); '-9223372036854775809' is smaller than -9223372036854775808."
    )
  }

  @Test func customParserUsingArguments() {
    let table = CommandTable<DemoCommand>([
      CommandSpec("first", usage: "first N", summary: "The first N primes") { arguments in
        Arguments.positiveInteger(arguments, command: "first", needs: "a count like 'first 3'")
          .map(DemoCommand.nth)
      }
    ])
    #expect(table.parse("first 3") == .success(.nth(3)))
    #expect(
      failure("first three", in: table) == "'first' needs a count like 'first 3'; 'three' is not a number."
    )
    #expect(table.spec(for: "first")?.usage == "first N")
    #expect(table.spec(for: "second") == nil)
  }
}
