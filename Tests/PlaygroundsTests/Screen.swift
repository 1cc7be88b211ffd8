/// What a terminal ends up showing for some output: its lines as a person would read them once everything is
/// written, however many times the line editor redrew a line or a progress line came and went.
///
/// Only what the REPL, its line editor and the status line write is understood: carriage return, line feed,
/// erase to the end of the line (`ESC [ K`), cursor forward (`ESC [ n C`) and the bell; any other escape
/// sequence is dropped, and so are other control characters. The screen has no height (every line is kept)
/// and no width (nothing wraps), and each character takes one column. Text written at the cursor replaces
/// what was there.
struct Screen {
  /// The lines shown, top to bottom; the last one is where the cursor is, possibly empty.
  private(set) var lines: [[Character]] = [[]]
  private var row = 0
  private var column = 0

  /// The screen after `output` was written to an empty one.
  init(_ output: String) {
    write(output)
  }

  /// The lines as text, without the trailing spaces erasing leaves, and without an empty last line.
  var text: [String] {
    var text = lines.map { String($0).replacing(#/ +$/#, with: "") }
    if text.last == "" {
      text.removeLast()
    }
    return text
  }

  /// Writes `output` at the cursor.
  mutating func write(_ output: String) {
    var characters = output[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r":
        column = 0
      case "\n":
        moveDown()
      case "\r\n":
        column = 0
        moveDown()
      case "\u{1B}":
        guard characters.first == "[" else { continue }
        characters.removeFirst()
        let parameter = String(characters.prefix { $0.isNumber || $0 == ";" })
        characters.removeFirst(parameter.count)
        guard let final = characters.popFirst() else { return }
        perform(final, parameter: parameter)
      case _ where character.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }):
        continue
      default:
        put(character)
      }
    }
  }

  private mutating func perform(_ final: Character, parameter: String) {
    switch final {
    case "K":
      if column < lines[row].count {
        lines[row].removeSubrange(column...)
      }
    case "C":
      column += Int(parameter) ?? 1
    default:
      break
    }
  }

  private mutating func moveDown() {
    row += 1
    if row == lines.count {
      lines.append([])
    }
  }

  private mutating func put(_ character: Character) {
    while lines[row].count < column {
      lines[row].append(" ")
    }
    if column < lines[row].count {
      lines[row][column] = character
    } else {
      lines[row].append(character)
    }
    column += 1
  }
}
