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

  @Test func controlCharactersAreDrawnEscapedAsEverywhere() {
    #expect(LineEditing.visible("\u{00}\t\u{85}x\u{1B}[2J\u{7F}") == "\\u{0}\\u{9}\\u{85}x\\u{1B}[2J\\u{7F}")
  }

  @Test func anEmojiFamilyIsDrawnAsItself() {
    let line = typed("👨‍👩‍👧")

    #expect(line.render(prompt: "> ", columns: 80) == "\r> 👨‍👩‍👧\u{1B}[K\r\u{1B}[4C")
  }
}
