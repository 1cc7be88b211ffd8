/// The lines a person entered, oldest first, as a line editor recalls them with Up and Down.
///
/// Control characters (C0, DEL and C1, which a terminal would obey rather than show) are removed from each
/// line; then blank lines and a line equal to the one just before it are not kept, and only the newest
/// `capacity` lines are. The same rules apply to lines loaded from a history file, which has one entry per
/// line.
public struct History: Equatable, Sendable {
  /// How many entries a history keeps unless told otherwise.
  public static let defaultCapacity = 1000

  /// The entries, oldest first.
  public private(set) var entries: [String] = []
  /// The most entries kept; adding one more drops the oldest.
  public let capacity: Int

  /// A history holding `entries` (oldest first) as if each had been added in turn.
  public init(_ entries: [String] = [], capacity: Int = History.defaultCapacity) {
    self.capacity = max(capacity, 1)
    for entry in entries {
      add(entry)
    }
  }

  /// Adds `line` without its control characters as the newest entry and returns true, unless it holds a
  /// line break, or is blank or equal to the newest entry once those characters are removed.
  @discardableResult
  public mutating func add(_ line: String) -> Bool {
    guard !line.contains(where: \.isNewline) else { return false }
    var entry = line
    entry.unicodeScalars.removeAll(where: Self.isControl)
    guard !entry.allSatisfy(\.isWhitespace), entries.last != entry else {
      return false
    }
    entries.append(entry)
    if entries.count > capacity {
      entries.removeFirst(entries.count - capacity)
    }
    return true
  }

  /// Whether `scalar` is a C0 control character, DEL or a C1 control character.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A history read from the text of a history file: one entry per line, `"\n"` or `"\r\n"` endings.
  init(fileContents: String, capacity: Int = History.defaultCapacity) {
    let lines = fileContents.split(whereSeparator: \.isNewline).map(String.init)
    self.init(lines, capacity: capacity)
  }

  /// The text of a history file holding these entries: one per line, each ending in `"\n"`.
  var fileContents: String {
    entries.map { $0 + "\n" }.joined()
  }
}
