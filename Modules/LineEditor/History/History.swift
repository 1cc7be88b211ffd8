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
      append(entry)
    }
    dropOldest()
  }

  /// Adds `line` without its control characters as the newest entry and returns true, unless it holds a
  /// line break, or is blank or equal to the newest entry once those characters are removed.
  @discardableResult
  public mutating func add(_ line: String) -> Bool {
    guard append(line) else { return false }
    dropOldest()
    return true
  }

  /// Appends `line` as `add` does, but keeps every entry: a history built from many lines drops the oldest
  /// once, at the end, so loading a file of N lines is linear in N rather than N times the capacity.
  @discardableResult
  private mutating func append(_ line: String) -> Bool {
    guard !line.contains(where: \.isNewline) else { return false }
    var entry = line
    entry.unicodeScalars.removeAll(where: Self.isControl)
    guard !entry.allSatisfy(\.isWhitespace), entries.last != entry else {
      return false
    }
    entries.append(entry)
    return true
  }

  /// Drops the oldest entries beyond `capacity`.
  private mutating func dropOldest() {
    if entries.count > capacity {
      entries.removeFirst(entries.count - capacity)
    }
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
