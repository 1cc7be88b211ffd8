@testable import LineEditor
import Testing

@Suite(.timeLimit(.minutes(2))) struct DisplayWidthTests {
  @Test func widthsOfCommonCharacters() {
    #expect(DisplayWidth.of("a" as Character) == 1)
    #expect(DisplayWidth.of("é" as Character) == 1)
    #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
    #expect(DisplayWidth.of("日" as Character) == 2)
    #expect(DisplayWidth.of("🎉" as Character) == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧" as Character) == 2)
    #expect(DisplayWidth.of("❤️" as Character) == 2)
    #expect(DisplayWidth.of("\u{200B}" as Character) == 0)
  }

  @Test func promptsLoseTheirEscapeSequences() {
    #expect(DisplayWidth.ofPrompt("\u{1B}[1;31mprimetime\u{1B}[0m> ") == 11)
    #expect(DisplayWidth.withoutEscapeSequences("a\u{1B}[Kb") == "ab")
  }
}
