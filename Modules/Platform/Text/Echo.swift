/// Makes user input safe to show back in a message.
///
/// Input can carry terminal escape sequences (`ESC [ 2 J` clears the screen), bidirectional overrides that
/// make text read differently than it is, or megabytes of text. Quote every piece of user input a message
/// repeats with `Echo.quote`.
public enum Echo {
  /// The longest input `quote` shows, in characters; the rest becomes `…`.
  public static let maximumLength = 40

  /// `text` in single quotes, with the characters not shown as themselves (``isShownAsItself(_:)``) written as
  /// `\u{…}` escapes and text longer than `maximumLength` characters cut to that length followed by `…`.
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
      append(character, escapedTo: &shown)
    }
    return "'\(shown)'"
  }

  /// `text`, whole and unquoted, with every character that is not shown as itself (``isShownAsItself(_:)``)
  /// written as a `\u{…}` escape: for a message that repeats a file name or other input in full.
  ///
  /// `Echo.escaped("x\u{1B}[31mred.db")` is `x\u{1B}[31mred.db` with the escape spelled out.
  public static func escaped(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy(isShownAsItself) else { return text }
    var shown = ""
    for character in text {
      append(character, escapedTo: &shown)
    }
    return shown
  }

  /// `text` of several lines, each escaped as ``escaped(_:)`` escapes it and the line feeds between them kept:
  /// for output that repeats input in a text of its own lines (a log entry, a replay's report, a state).
  ///
  /// `Echo.escapedLines("a\u{9B}\nb")` is `a\u{9B}` with the control spelled out, a line feed, then `b`.
  public static func escapedLines(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy({ $0 == "\n" || isShownAsItself($0) }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }

  /// Whether `scalar` is shown as itself on a terminal: not a control character (C0, DEL, C1), not a format
  /// character (bidirectional marks, embeddings, overrides and isolates such as U+202E, zero-width spaces such
  /// as U+200B), and not a line or paragraph separator, any of which could run, hide, reorder or break the
  /// text around it. The one rule for everything the terminal front ends echo.
  public static func isShownAsItself(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: false
    default: true
    }
  }

  /// Whether `character` is shown as itself, as ``escaped(_:)`` shows it: each of its scalars is
  /// (``isShownAsItself(_:)``), but for a zero-width joiner between two emoji, part of the one picture they make
  /// (`👨‍👩‍👧`).
  public static func isCharacterShownAsItself(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    return scalars.indices.allSatisfy { isShownAsItself(scalars[$0]) || isEmojiJoiner(at: $0, in: scalars) }
  }

  /// Appends `character` to `shown`, each scalar not shown as itself as a `\u{…}` escape (a zero-width joiner
  /// between two emoji, part of the picture they make together, is shown as itself).
  private static func append(_ character: Character, escapedTo shown: inout String) {
    let scalars = Array(character.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      if isShownAsItself(scalar) || isEmojiJoiner(at: index, in: scalars) {
        shown.unicodeScalars.append(scalar)
      } else {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
  }

  /// Whether `scalars[index]` (the scalars of one character) is a zero-width joiner between an emoji (or the
  /// variation selector or skin tone that ends one) and another emoji: `👨‍👩‍👧`, `🏳️‍🌈`. Anywhere else it hides.
  private static func isEmojiJoiner(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    guard scalars[index] == "\u{200D}", index > 0, index + 1 < scalars.count else { return false }
    func isEmoji(_ scalar: Unicode.Scalar) -> Bool { scalar.value > 0x7F && scalar.properties.isEmoji }
    let before = scalars[index - 1]
    return (isEmoji(before) || before == "\u{FE0F}") && isEmoji(scalars[index + 1])
  }
}
