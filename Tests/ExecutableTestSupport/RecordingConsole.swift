public import Platform

/// A console for tests: keeps everything written to standard output and standard error, in memory.
///
/// Pass `console` to the code under test, then assert on `output` / `error` (the exact text, prompts
/// included) or on `outputLines` / `errorLines`. Safe to write to from any thread.
public final class RecordingConsole: Sendable {
  private let recorded = Locked((output: "", error: ""))

  /// Creates an empty recording.
  public init() {}

  /// A console whose writes are appended to this recording.
  public var console: Console {
    Console(
      writeOutput: { [recorded] text in recorded.withLock { $0.output += text } },
      writeError: { [recorded] text in recorded.withLock { $0.error += text } }
    )
  }

  /// Everything written to standard output so far, exactly as written.
  public var output: String {
    recorded.withLock { $0.output }
  }

  /// Everything written to standard error so far, exactly as written.
  public var error: String {
    recorded.withLock { $0.error }
  }

  /// Standard output split at newlines; text after the last newline (a prompt) is the last element.
  public var outputLines: [String] {
    Self.lines(of: output)
  }

  /// Standard error split at newlines; text after the last newline is the last element.
  public var errorLines: [String] {
    Self.lines(of: error)
  }

  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    }
    return lines
  }
}
