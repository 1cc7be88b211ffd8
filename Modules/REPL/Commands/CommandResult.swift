/// What a REPL command handler reports back: lines for standard output, or an error.
public enum CommandResult: Equatable, Sendable {
  /// The command worked; each string is printed as one line on standard output (none for `[]`).
  case output([String])
  /// The command failed; the message is printed on standard error like a parse error, and a piped run
  /// will exit with status 1.
  case failure(String)

  /// The command worked and has nothing to print.
  public static let success = CommandResult.output([])
}
