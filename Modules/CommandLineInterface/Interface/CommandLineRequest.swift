/// What a program's command line asks for: to run with the options it gave, or to show the usage.
public enum CommandLineRequest<Options> {
  /// Run with these options.
  case run(Options)
  /// Print the usage (`--help`) and stop.
  case help
  /// Print the version (`--version`) and stop.
  case version
  /// Print the completion script for a shell (`--completions SHELL`) and stop.
  case completions(CompletionShell)
  /// Print the manual page (`--manual`) and stop.
  case manual
}

extension CommandLineRequest: Equatable where Options: Equatable {}
extension CommandLineRequest: Sendable where Options: Sendable {}

/// A command line that cannot be run.
public struct UsageError: Error, Equatable, Sendable {
  /// The exit status for a command-line error: `EX_USAGE` from `sysexits.h`.
  public static let exitStatus: Int32 = 64

  /// What was wrong, in one line with no full stop, e.g. `unknown option '--dely'`.
  public let message: String

  /// Creates the error.
  public init(_ message: String) {
    self.message = message
  }
}
