import Foundation
import REPL
import Testing

/// A command's words come from the one tokenizer of typed lines: quotes and backslashes keep spaces, `~/` is
/// the home directory; a spec that takes a file says so, through `map` too.
@Suite(.timeLimit(.minutes(1)))
struct QuotedArgumentTests {
  private let table = CommandTable<[String]>([
    CommandSpec("open", usage: "open FILE", summary: "Open FILE", argumentIsFile: true) { .success($0) }
  ])

  @Test func quotesAndBackslashesKeepSpacesInAnArgument() throws {
    #expect(try table.parse(#"open "my primes.txt""#).get() == ["my primes.txt"])
    #expect(try table.parse("OPEN 'a b' c").get() == ["a b", "c"])
    #expect(try table.parse(#"open my\ primes.txt"#).get() == ["my primes.txt"])
  }

  @Test func aTildeBeforeASlashIsTheHome() throws {
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    #expect(try table.parse("open ~/primes.txt").get() == [home + "/primes.txt"])
    #expect(try table.parse("open ~ada/x").get() == ["~ada/x"])
  }

  @Test func aSpecSaysItsArgumentIsAFileThroughMap() {
    #expect(table.specs.map(\.argumentIsFile) == [true])
    #expect(table.map { $0.count }.specs.map(\.argumentIsFile) == [true])
    #expect(demoCommands.specs.map(\.argumentIsFile) == [false, false, false, false])
  }
}
