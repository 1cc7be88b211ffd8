/// Turns the bytes a terminal sends into keys, keeping partial UTF-8 characters and escape sequences
/// between calls.
///
/// Escape sequences are CSI (`ESC [` parameters, final byte in `@`…`~`) and SS3 (`ESC O` and one byte);
/// the ones without a meaning (bracketed-paste markers, function keys, mouse reports) become `.ignored`.
/// `ESC` followed by a printable ASCII byte is an Alt chord: Alt-B and Alt-F move by words, Alt-Backspace
/// deletes a word, the rest is ignored. `ESC` followed by a control byte or a non-ASCII character is a lone
/// Escape (ignored) and then that key, so Escape then Enter still ends the line. Invalid UTF-8 becomes
/// U+FFFD; a C1 control character (U+0080…U+009F) is ignored, never inserted as text.
struct KeyDecoder: Sendable {
  private enum State: Equatable, Sendable {
    case ground
    /// After `ESC`.
    case escape
    /// After `ESC [`, with the parameter and intermediate bytes so far.
    case csi([UInt8])
    /// After `ESC O`.
    case ss3
    /// Inside a UTF-8 character: the bytes so far and how many more are needed.
    case utf8([UInt8], remaining: Int)
  }

  private var state = State.ground

  /// The longest CSI parameter list kept; a longer one is still consumed, then ignored.
  private static let maximumParameterBytes = 32

  /// Whether the decoder is in the middle of a sequence (a lone `ESC` so far, for example).
  var isPending: Bool {
    state != .ground
  }

  /// Feeds `bytes` and returns the keys they complete, in order.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      keys += decode(byte)
    }
    return keys
  }

  private mutating func decode(_ byte: UInt8) -> [Key] {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .csi([])
        return []
      case UInt8(ascii: "O"):
        state = .ss3
        return []
      case 0x1B:
        return []
      default:
        state = .ground
        switch byte {
        case UInt8(ascii: "b"): return [.wordLeft]
        case UInt8(ascii: "f"): return [.wordRight]
        case 0x7F, 0x08: return [.deleteWord]
        case 0x20...0x7E: return [.ignored]
        default:
          // A lone Escape: the key after it must not be lost.
          return [.ignored] + ground(byte)
        }
      }
    case .csi(var parameters):
      switch byte {
      case 0x20...0x3F:
        if parameters.count < Self.maximumParameterBytes {
          parameters.append(byte)
        }
        state = .csi(parameters)
        return []
      case 0x40...0x7E:
        state = .ground
        return [Self.csi(parameters: parameters, final: byte)]
      default:
        // Not a valid sequence: drop it and read the byte afresh.
        state = .ground
        return [.ignored] + ground(byte)
      }
    case .ss3:
      state = .ground
      switch byte {
      case 0x00...0x1F, 0x80...0xFF:
        // Not a valid sequence: drop it and read the byte afresh.
        return [.ignored] + ground(byte)
      case UInt8(ascii: "A"): return [.up]
      case UInt8(ascii: "B"): return [.down]
      case UInt8(ascii: "C"): return [.right]
      case UInt8(ascii: "D"): return [.left]
      case UInt8(ascii: "H"): return [.home]
      case UInt8(ascii: "F"): return [.end]
      default: return [.ignored]
      }
    case .utf8(var pending, let remaining):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return [.text("\u{FFFD}")] + ground(byte)
      }
      pending.append(byte)
      guard remaining == 1 else {
        state = .utf8(pending, remaining: remaining - 1)
        return []
      }
      state = .ground
      return [Self.scalar(utf8: pending)]
    }
  }

  private mutating func ground(_ byte: UInt8) -> [Key] {
    switch byte {
    case 0x01: return [.home]
    case 0x02: return [.left]
    case 0x03: return [.interrupt]
    case 0x04: return [.endOfInput]
    case 0x05: return [.end]
    case 0x06: return [.right]
    case 0x07: return [.cancel]
    case 0x08, 0x7F: return [.backspace]
    case 0x09: return [.tab]
    case 0x0A, 0x0D: return [.enter]
    case 0x0B: return [.killToEnd]
    case 0x0C: return [.clearScreen]
    case 0x0E: return [.down]
    case 0x10: return [.up]
    case 0x12: return [.reverseSearch]
    case 0x15: return [.killToStart]
    case 0x17: return [.deleteWord]
    case 0x1A: return [.suspend]
    case 0x1B:
      state = .escape
      return []
    case 0x00...0x1F: return [.ignored]
    case 0x20...0x7E: return [.text(Unicode.Scalar(byte))]
    case 0xC2...0xDF:
      state = .utf8([byte], remaining: 1)
      return []
    case 0xE0...0xEF:
      state = .utf8([byte], remaining: 2)
      return []
    case 0xF0...0xF4:
      state = .utf8([byte], remaining: 3)
      return []
    default:
      return [.text("\u{FFFD}")]
    }
  }

  /// The scalar of a complete UTF-8 sequence, or U+FFFD for an overlong form, a surrogate or a value
  /// above U+10FFFF. A C1 control character (U+0080 to U+009F) is text like any other: the line keeps it as
  /// typed (a file may be named with one), and draws it escaped (``LineEditing/visible(_:)``), never raw.
  private static func scalar(utf8 bytes: [UInt8]) -> Key {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      return .text("\u{FFFD}")
    }
    return .text(scalar)
  }

  private static func csi(parameters: [UInt8], final: UInt8) -> Key {
    let modified = parameters.count > 2 && parameters.starts(with: Array("1;".utf8))
    let modifier = modified ? parameters.dropFirst(2) : []
    let isWordChord = modifier.elementsEqual("5".utf8) || modifier.elementsEqual("3".utf8)
    switch final {
    case UInt8(ascii: "A") where parameters.isEmpty: return .up
    case UInt8(ascii: "B") where parameters.isEmpty: return .down
    case UInt8(ascii: "C") where parameters.isEmpty: return .right
    case UInt8(ascii: "D") where parameters.isEmpty: return .left
    case UInt8(ascii: "C") where isWordChord: return .wordRight
    case UInt8(ascii: "D") where isWordChord: return .wordLeft
    case UInt8(ascii: "H") where parameters.isEmpty: return .home
    case UInt8(ascii: "F") where parameters.isEmpty: return .end
    case UInt8(ascii: "~"):
      switch String(decoding: parameters, as: UTF8.self) {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      default: return .ignored
      }
    default:
      return .ignored
    }
  }
}
