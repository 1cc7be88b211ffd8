/// Where a REPL reads its input lines from: standard input, or a fixed list in tests.
public struct LineSource: Sendable {
  /// Returns the next line without its line ending, or nil at the end of input.
  ///
  /// It is nonisolated, so a caller on the main actor waits for input without blocking the main actor.
  public var nextLine: @Sendable () async -> String?

  /// Creates a line source from a function returning the next line, or nil at the end of input.
  public init(nextLine: @escaping @Sendable () async -> String?) {
    self.nextLine = nextLine
  }

  /// Standard input read with Swift's `readLine()`: no echo when piped, no line editing or history.
  ///
  /// The read blocks one thread of the cooperative pool while it waits (never the main actor). Invalid UTF-8
  /// is repaired with U+FFFD; `"\n"` and `"\r\n"` endings are removed.
  public static let standardInput = LineSource { readLine(strippingNewline: true) }

  /// The given lines, one per call, then nil: for tests and scripted sessions.
  public static func lines(_ lines: [String]) -> LineSource {
    let remaining = Locked(lines[...])
    return LineSource { remaining.withLock { $0.popFirst() } }
  }
}
