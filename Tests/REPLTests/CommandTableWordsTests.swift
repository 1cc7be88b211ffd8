import Testing

@testable import REPL

/// `CommandTable.words(of:)` splits an ASCII line at its bytes, and must split it exactly as
/// `Character.isWhitespace` does, which other lines still use.
@Suite(.timeLimit(.minutes(2))) struct CommandTableWordsTests {
  static let lines = [
    "", " ", "set 7", "  set\t7 \r", "a\u{0B}b\u{0C}c\nd", "\r\nfav\r\n", "\u{1C}set\u{1F}7", "x\u{7F}y z",
    "set\u{00A0}7", "e\u{301} x", "nth \u{2003}5", "\u{85}ok", String(repeating: "word ", count: 1_000),
  ]

  @Test(arguments: lines)
  func wordsAreTheWhitespaceSeparatedPartsCharacterSplittingFinds(line: String) {
    #expect(CommandTable<DemoCommand>.words(of: line) == line.split(whereSeparator: \.isWhitespace).map(String.init))
  }

  @Test func asciiWhitespaceSeparatesAndOtherControlCharactersDoNot() {
    #expect(CommandTable<DemoCommand>.words(of: " delete\t2\u{0B}3 ") == ["delete", "2", "3"])
    #expect(CommandTable<DemoCommand>.words(of: "\u{1C}save") == ["\u{1C}save"])
  }
}
