/// How many terminal columns text takes, so a line editor can place the cursor.
///
/// An approximation of `wcwidth`: East Asian wide and full-width characters and emoji take 2 columns,
/// combining marks and format characters 0, control characters 0, the rest 1. A character (grapheme
/// cluster) takes the width of its first scalar, or 2 when it asks for emoji presentation (U+FE0F) or
/// joins several emoji, so a family emoji is one 2-column character as terminals draw it today.
enum DisplayWidth {
  /// The columns `character` takes.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = of(first)
    if base < 2, scalars.count > 1,
      scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || isWide($0) })
    {
      return 2
    }
    return base
  }

  /// The columns `scalar` takes on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: return 0
    case 0x20..<0x7F: return 1
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    return isWide(scalar) ? 2 : 1
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns a prompt takes: its ANSI escape sequences (colours) take none.
  static func ofPrompt(_ prompt: String) -> Int {
    of(withoutEscapeSequences(prompt))
  }

  /// `text` without CSI sequences (`ESC [` … final byte) and other `ESC`-prefixed pairs.
  static func withoutEscapeSequences(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.append(scalar)
        continue
      }
      guard let next = scalars.next(), next == "[" else { continue }
      while let byte = scalars.next(), !(0x40...0x7E).contains(byte.value) {}
    }
    return String(result)
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.isEmojiPresentation {
      return true
    }
    switch scalar.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
