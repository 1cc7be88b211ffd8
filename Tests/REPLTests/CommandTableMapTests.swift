import REPL
import Testing

/// A command type that embeds the demo table's, as an app embeds each feature's commands.
private enum Composed: Equatable, Sendable {
  case demo(DemoCommand)
  case other
}

private let otherCommands = CommandTable<Composed>([
  .noArguments("other", summary: "Another front end's command", command: .other),
  .noArguments("save", summary: "A second 'save', behind the demo's", command: .other),
])

@Suite(.timeLimit(.minutes(2))) struct CommandTableMapTests {
  @Test func aMappedTableParsesEveryCommandIntoTheNewType() {
    let mapped = demoCommands.map(Composed.demo)
    #expect(mapped.parse("save") == .success(.demo(.save)))
    #expect(mapped.parse("rm 1 2") == .success(.demo(.delete([1, 2]))))
    #expect(mapped.parse("nth 3") == .success(.demo(.nth(3))))
  }

  @Test func aMappedTableKeepsNamesHelpAndMessages() {
    let mapped = demoCommands.map(Composed.demo)
    #expect(mapped.specs.map(\.name) == demoCommands.specs.map(\.name))
    #expect(mapped.specs.map(\.aliases) == demoCommands.specs.map(\.aliases))
    #expect(mapped.specs.map(\.usage) == demoCommands.specs.map(\.usage))
    #expect(mapped.specs.map(\.summary) == demoCommands.specs.map(\.summary))
    #expect(mapped.specs.map(\.detail) == demoCommands.specs.map(\.detail))
    guard case .failure(let error) = mapped.parse("nth x") else {
      Issue.record("'nth x' parsed")
      return
    }
    guard case .failure(let original) = demoCommands.parse("nth x") else { return }
    #expect(error.message == original.message)
  }

  @Test func joinedTablesListTheLeftFirstAndTheLeftWinsASharedWord() {
    let joined = demoCommands.map(Composed.demo) + otherCommands
    #expect(joined.specs.map(\.name) == demoCommands.specs.map(\.name) + ["other", "save"])
    #expect(joined.parse("other") == .success(.other))
    #expect(joined.parse("save") == .success(.demo(.save)))
  }
}
