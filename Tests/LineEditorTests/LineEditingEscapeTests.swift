@testable import LineEditor
import Testing

/// The line as the editor draws it: every character a terminal would not show as itself (controls, U+202E that
/// reorders, U+200B that hides) drawn escaped by the one rule of every line, `\u{202E}`; the line keeps them.
@Suite(.timeLimit(.minutes(2))) struct LineEditingEscapeTests {
  private func typed(_ text: String) -> LineEditing {
    var editing = LineEditing()
    for scalar in text.unicodeScalars {
      _ = editing.handle(.text(scalar))
    }
    return editing
  }

  @Test func formatCharactersAreDrawnEscapedAndKeptInTheLine() {
    let line = typed("a\u{202E}b\u{200B}c")

    #expect(line.text == "a\u{202E}b\u{200B}c")
    // "> " and "a\u{202E}b\u{200B}c" as drawn take 2 + 19 columns; the cursor stands after them.
    #expect(line.render(prompt: "> ", columns: 80) == "\r> a\\u{202E}b\\u{200B}c\u{1B}[K\r\u{1B}[21C")
  }

  /// U+009B (a terminal's one-byte CSI) typed as UTF-8 used to be dropped: `import x<U+009B>y` ran as
  /// `import xy`, naming another file.
  @Test func aC1ControlTypedIsKeptInTheLineAndDrawnEscaped() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x78, 0xC2, 0x9B, 0x79]) == [.text("x"), .text("\u{9B}"), .text("y")])
    let line = typed("x\u{9B}y")
    #expect(line.text == "x\u{9B}y")
    #expect(line.render(prompt: "> ", columns: 80) == "\r> x\\u{9B}y\u{1B}[K\r\u{1B}[10C")
  }

  @Test func controlCharactersAreDrawnEscapedAsEverywhere() {
    #expect(LineEditing.visible("\u{00}\t\u{85}x\u{1B}[2J\u{7F}") == "\\u{0}\\u{9}\\u{85}x\\u{1B}[2J\\u{7F}")
  }

  @Test func anEmojiFamilyIsDrawnAsItself() {
    let line = typed("👨‍👩‍👧")

    #expect(line.render(prompt: "> ", columns: 80) == "\r> 👨‍👩‍👧\u{1B}[K\r\u{1B}[4C")
  }
}
