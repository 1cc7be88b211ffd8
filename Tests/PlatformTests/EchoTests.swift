import Platform
import Testing

@Suite(.timeLimit(.minutes(2))) struct EchoTests {
  @Test func plainTextIsOnlyQuoted() {
    #expect(Echo.quote("delete 2 3 ✓") == "'delete 2 3 ✓'")
  }

  @Test func controlAndBidiCharactersAreEscaped() {
    #expect(Echo.quote("\u{1B}[31mred\u{7}\u{7F}\u{9B}") == "'\\u{1B}[31mred\\u{7}\\u{7F}\\u{9B}'")
    #expect(Echo.quote("abc\u{202E}fed") == "'abc\\u{202E}fed'")
    #expect(Echo.quote("a\r\nb\tc") == "'a\\u{D}\\u{A}b\\u{9}c'")
  }

  @Test func escapedLinesKeepTheirLineFeedsAndEscapeTheRest() {
    #expect(Echo.escapedLines("a\u{9B}2J\n\u{202E}b\n\nc\r") == "a\\u{9B}2J\n\\u{202E}b\n\nc\\u{D}")
    #expect(Echo.escapedLines("plain\nlines") == "plain\nlines")
  }

  @Test func longTextIsCut() {
    #expect(Echo.quote(String(repeating: "x", count: 40)) == "'\(String(repeating: "x", count: 40))'")
    #expect(Echo.quote(String(repeating: "x", count: 41)) == "'\(String(repeating: "x", count: 40))…'")
  }
}
