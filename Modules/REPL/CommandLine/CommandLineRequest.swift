public import Platform

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

/// The options to run with, or the end of the process: on `--help`, `usage` is made (only then) and printed on
/// standard output and the status is 0 (1 if it could not be written, see ``StandardStreams``); `--version`
/// `--completions SHELL` and `--manual` print `version`, `completions(SHELL)` and `manual` the same way; on a usage error,
/// `NAME: MESSAGE. Try 'NAME --help'.` is printed on standard error and the status is 64
/// (``UsageError/exitStatus``). ``CommandLineInterface/optionsOrExit(initial:console:arguments:)`` calls it
/// with what its declarations generate.
///
/// An argument that is not valid UTF-8 (``ArgumentEncoding``) is a usage error before anything else, whatever
/// `request` says: `arguments` are the raw bytes the request was parsed from (by default this process's).
public func optionsOrExit<Options>(
  _ request: Result<CommandLineRequest<Options>, UsageError>,
  name: String,
  usage: @autoclosure () -> String,
  version: @autoclosure () -> String = "",
  completions: (CompletionShell) -> String = { _ in "" },
  manual: @autoclosure () -> String = "",
  console: Console = .standard,
  arguments: [[UInt8]] = ArgumentEncoding.processArguments
) -> Options {
  exitUnlessRun(
    request, name: name, usage: usage(), version: version(), completions: completions, manual: manual(),
    console: console, arguments: arguments
  )
}

/// What ``optionsOrExit(_:name:usage:version:completions:manual:console:arguments:)`` does, under a name the
/// interface's own `optionsOrExit` does not hide.
func exitUnlessRun<Options>(
  _ request: Result<CommandLineRequest<Options>, UsageError>,
  name: String,
  usage: @autoclosure () -> String,
  version: @autoclosure () -> String,
  completions: (CompletionShell) -> String,
  manual: @autoclosure () -> String,
  console: Console,
  arguments: [[UInt8]]
) -> Options {
  if let error = ArgumentEncoding.firstInvalid(in: arguments) {
    console.printError("\(name): \(error.message). Try '\(name) --help'.")
    exit(UsageError.exitStatus)
  }
  let text: String
  switch request {
  case let .success(.run(options)):
    return options
  case .success(.help):
    text = usage()
  case .success(.version):
    text = version()
  case let .success(.completions(shell)):
    text = completions(shell)
  case .success(.manual):
    text = manual()
  case let .failure(error):
    console.printError("\(name): \(error.message). Try '\(name) --help'.")
    exit(UsageError.exitStatus)
  }
  console.print(text)
  exit(StandardStreams.exitStatus(0, name: name, console: console))
}
