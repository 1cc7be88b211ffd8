import Platform

/// Colours and emphasis for text on a terminal, as ANSI SGR sequences, or nothing at all when disabled.
///
/// ```swift
/// let style = TextStyle.standardOutput
/// console.print(style.green("saved"))   // "\u{1B}[32msaved\u{1B}[0m" on a terminal, "saved" in a pipe
/// ```
///
/// Colour is used only when the stream is a terminal, `NO_COLOR` is unset or empty (no-color.org), and `TERM`
/// is not `dumb`: see ``isEnabled(isTerminal:environment:)``.
public struct TextStyle: Equatable, Sendable {
  /// Whether the helpers add escape sequences; when false they return the text unchanged.
  public var isEnabled: Bool

  /// A style that adds sequences exactly when `isEnabled` is true.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// Never adds anything: for pipes, files and tests.
  public static let plain = TextStyle(isEnabled: false)

  /// The style for standard output, decided from `isatty(1)` and the process environment.
  public static var standardOutput: TextStyle {
    TextStyle(isEnabled: isEnabled(isTerminal: TTY.standardOutputIsTerminal, environment: colorEnvironment()))
  }

  /// The style for standard error, decided from `isatty(2)` and the process environment.
  public static var standardError: TextStyle {
    TextStyle(isEnabled: isEnabled(isTerminal: TTY.isTerminal(STDERR_FILENO), environment: colorEnvironment()))
  }

  /// Whether to colour a stream: it is a terminal, `NO_COLOR` is absent or empty, and `TERM` is not `dumb`.
  public static func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
    guard isTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return false
    }
    return environment["TERM"] != "dumb"
  }

  /// `text` in bold.
  public func bold(_ text: String) -> String { wrap(text, "1") }
  /// `text` dimmed (faint).
  public func dim(_ text: String) -> String { wrap(text, "2") }
  /// `text` in red.
  public func red(_ text: String) -> String { wrap(text, "31") }
  /// `text` in green.
  public func green(_ text: String) -> String { wrap(text, "32") }
  /// `text` in yellow.
  public func yellow(_ text: String) -> String { wrap(text, "33") }
  /// `text` in blue.
  public func blue(_ text: String) -> String { wrap(text, "34") }
  /// `text` in magenta.
  public func magenta(_ text: String) -> String { wrap(text, "35") }
  /// `text` in cyan.
  public func cyan(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// The variables the decision reads, from the process environment.
  private static func colorEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] {
      if let value = getenv(name) {
        environment[name] = String(cString: value)
      }
    }
    return environment
  }
}
