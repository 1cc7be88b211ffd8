/// Makes user input safe to show back in a message.
///
/// Input can carry terminal escape sequences (`ESC [ 2 J` clears the screen), bidirectional overrides that
/// make text read differently than it is, or megabytes of text. Quote every piece of user input a message
/// repeats with `Echo.quote`.
public enum Echo {
  /// The longest input `quote` shows, in characters; the rest becomes `…`.
  public static let maximumLength = 40

  /// `text` in single quotes, with control and bidirectional-format characters written as `\u{…}` escapes
  /// and text longer than `maximumLength` characters cut to that length followed by `…`.
  ///
  /// `Echo.quote("sav")` is `'sav'`; `Echo.quote("a\u{1B}[2J")` is `'a\u{1B}[2J'` with the escape spelled
  /// out, so nothing reaches the terminal as a control sequence.
  public static func quote(_ text: String) -> String {
    var shown = ""
    for (index, character) in text.enumerated() {
      if index == maximumLength {
        shown += "…"
        break
      }
      for scalar in character.unicodeScalars {
        if isUnsafe(scalar) {
          shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          shown.unicodeScalars.append(scalar)
        }
      }
    }
    return "'\(shown)'"
  }

  /// Control characters (C0, DEL, C1) and the bidirectional marks, embeddings, overrides and isolates.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
