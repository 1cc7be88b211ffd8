import Platform

/// Why a line could not become a command, as one message for the person who typed it.
///
/// A message says what was wrong and what to do, and ends with a full stop, for example
/// `'save' takes no arguments: type 'save' alone.` The REPL prefixes the program name (and the line number when
/// piped); quote user input inside a message with `Echo.quote`.
public struct CommandError: Error, Equatable, Sendable {
  /// The message, without program name or line number.
  public var message: String

  /// Creates an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// `word` is not a command: names the one `Suggestion` picks among `commands` (each command's name, then
  /// its aliases), if any.
  static func unknownCommand(_ word: String, commands: [[String]]) -> CommandError {
    let unknown = "unknown command \(Echo.quote(word))"
    guard let suggestion = Suggestion.suggestion(for: word, amongCommands: commands) else {
      return CommandError("\(unknown). Type 'help' for the list.")
    }
    return CommandError("\(unknown); did you mean '\(suggestion)'? Type 'help' for the list.")
  }
}
