@testable import LineEditor
import Testing

@Suite(.timeLimit(.minutes(2))) struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8))
  }

  @Test func printableASCIIIsText() {
    #expect(keys("a +") == [.text("a"), .text(" "), .text("+")])
  }

  @Test func multiByteCharactersArriveWholeEvenWhenSplitAcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("é🎉".utf8)
    var decoded: [Key] = []
    for byte in bytes {
      decoded += decoder.decode([byte])
    }
    #expect(decoded == [.text("é"), .text("🎉")])
    #expect(!decoder.isPending)
  }

  @Test func invalidUTF8BecomesReplacementCharacters() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xFF, UInt8(ascii: "a")]) == [.text("\u{FFFD}"), .text("a")])
    // A lead byte followed by a non-continuation byte: the byte is read afresh.
    #expect(decoder.decode([0xC3, UInt8(ascii: "b")]) == [.text("\u{FFFD}"), .text("b")])
    // An overlong encoding of "/".
    #expect(decoder.decode([0xE0, 0x80, 0xAF]) == [.text("\u{FFFD}")])
  }

  @Test func controlKeysMapToEditingKeys() {
    #expect(
      keys("\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\t\r\n\u{0B}\u{0C}\u{0E}\u{10}\u{12}\u{15}\u{17}\u{1A}\u{7F}")
        == [
          .home, .left, .interrupt, .endOfInput, .end, .right, .cancel, .backspace, .tab, .enter, .enter,
          .killToEnd, .clearScreen, .down, .up, .reverseSearch, .killToStart, .deleteWord, .suspend, .backspace,
        ]
    )
    #expect(keys("\u{00}\u{13}\u{1F}") == [.ignored, .ignored, .ignored])
  }

  @Test func arrowsHomeEndAndDeleteInEveryCommonEncoding() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == [.home, .end, .home, .end])
    #expect(keys("\u{1B}[1~\u{1B}[7~\u{1B}[4~\u{1B}[8~") == [.home, .home, .end, .end])
    #expect(keys("\u{1B}[3~") == [.delete])
  }

  @Test func ctrlArrowsAndAltLettersMoveByWords() {
    #expect(keys("\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;3C\u{1B}f\u{1B}b") == [.wordRight, .wordLeft, .wordRight, .wordRight, .wordLeft])
    #expect(keys("\u{1B}\u{7F}") == [.deleteWord])
  }

  @Test func unknownAndBracketedPasteSequencesAreIgnoredNotInserted() {
    #expect(keys("\u{1B}[200~ab\u{1B}[201~") == [.ignored, .text("a"), .text("b"), .ignored])
    #expect(keys("\u{1B}[15~\u{1B}[1;2A\u{1B}OP\u{1B}x") == [.ignored, .ignored, .ignored, .ignored])
    // A mouse report with a long parameter list is consumed whole.
    #expect(keys("\u{1B}[<0;12;34M") == [.ignored])
  }

  @Test func aLoneEscapeWaitsForWhatFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.isPending)
    #expect(decoder.decode(Array("[A".utf8)) == [.up])
    #expect(!decoder.isPending)
  }

  @Test func aBrokenSequenceIsDroppedAndTheNextByteReadAfresh() {
    #expect(keys("\u{1B}[1\u{03}") == [.ignored, .interrupt])
    #expect(keys("\u{1B}O\r") == [.ignored, .enter])
  }

  @Test func escapeThenAControlKeyKeepsTheControlKey() {
    #expect(keys("\u{1B}\r") == [.ignored, .enter])
    #expect(keys("\u{1B}\u{03}") == [.ignored, .interrupt])
    #expect(keys("\u{1B}\u{04}") == [.ignored, .endOfInput])
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.decode([0x0D]) == [.ignored, .enter])
    #expect(!decoder.isPending)
  }

  @Test func escapeThenANonASCIICharacterKeepsTheCharacterWhole() {
    #expect(keys("\u{1B}é") == [.ignored, .text("é")])
  }

  /// Kept as typed, and drawn escaped (`LineEditingEscapeTests`), so a terminal never obeys them.
  @Test func c1ControlCharactersAreTextLikeAnyOther() {
    #expect(keys("a\u{9B}2J\u{85}b") == [.text("a"), .text("\u{9B}"), .text("2"), .text("J"), .text("\u{85}"), .text("b")])
  }
}
