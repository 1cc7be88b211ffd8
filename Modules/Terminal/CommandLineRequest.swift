#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a program's command line asks for: to run with the options it gave, or to show the usage.
public enum CommandLineRequest<Options> {
  /// Run with these options.
  case run(Options)
  /// Print the usage (`--help`) and stop.
  case help
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

/// The options to run with, or the end of the process: on `--help`, `usage` is printed on standard output
/// and the status is 0 (1 if it could not be written, see ``StandardStreams``); on a usage error, `NAME: MESSAGE. Try 'NAME --help'.` is printed on standard error
/// and the status is 64 (``UsageError/exitStatus``).
public func optionsOrExit<Options>(
  _ request: Result<CommandLineRequest<Options>, UsageError>,
  name: String,
  usage: String,
  console: Console = .standard
) -> Options {
  switch request {
  case let .success(.run(options)):
    return options
  case .success(.help):
    console.print(usage)
    exit(StandardStreams.exitStatus(0, name: name, console: console))
  case let .failure(error):
    console.printError("\(name): \(error.message). Try '\(name) --help'.")
    exit(UsageError.exitStatus)
  }
}

/// What an option's value is, for the message when it is missing or looks like another option.
public enum OptionValueKind: Sendable {
  /// A file path: a value that looks like an option may be written `--flag=./VALUE`.
  case path
  /// A number: a negative number in the next argument is a value, not an option.
  case number
}

/// The value of an option that takes one (`--db PATH`, `--db=PATH`), taking the next argument from
/// `remaining` when none is attached.
///
/// An attached value is taken as written, so `--db=--x` names the file `--x`. A next argument that starts
/// with `-` (other than `-` alone, and, for `.number`, other than a number such as `-1`) is refused as
/// looking like an option, so `--db --sandbox` never names a file `--sandbox`; it is left in `remaining`.
/// Messages (no full stop, as ``UsageError`` wants): `'--db' needs a file path, like '--db x.sqlite3'` when
/// the value is missing or empty, and `'--db' needs a file path; '--sandbox' looks like an option: write
/// '--db=./--sandbox' if that is the file` (for numbers: `'--delay' needs a number of seconds; '--help'
/// looks like an option`).
///
/// - Parameters:
///   - flag: The option as written, without any `=VALUE`: `--db`.
///   - attached: The text after `=` in `--db=VALUE`, or nil when there was no `=`.
///   - needs: What the value is, after "needs": `a file path`.
///   - example: A sample value for the message: `~/primes.sqlite3`.
public func optionValue(
  _ flag: String,
  attached: String?,
  remaining: inout ArraySlice<String>,
  kind: OptionValueKind,
  needs: String,
  example: String
) -> Result<String, UsageError> {
  let missing = UsageError("'\(flag)' needs \(needs), like '\(flag) \(example)'")
  if let attached {
    return attached.isEmpty ? .failure(missing) : .success(attached)
  }
  guard let next = remaining.first, !next.isEmpty else {
    return .failure(missing)
  }
  let isNumber = kind == .number && DecimalNumber(next) != nil
  if next.hasPrefix("-"), next != "-", !isNumber {
    let hint = kind == .path ? ": write '\(flag)=./\(next)' if that is the file" : ""
    return .failure(UsageError("'\(flag)' needs \(needs); \(Echo.quote(next)) looks like an option\(hint)"))
  }
  remaining.removeFirst()
  return .success(next)
}

/// A word read as a decimal number: ASCII digits after an optional `+` or `-`, with an optional fraction of
/// ASCII digits after one `.` (`0.5`, `-3`, `12.25`).
///
/// The one rule for numbers on command lines, next to ``WholeNumber`` for whole ones: no exponents (`1e3`),
/// no hexadecimal (`0x10`), no `inf` or `nan`, no `_` or spaces, no non-ASCII digits. It never traps; a
/// number too long for `Double` becomes infinity, which a range check then refuses.
public struct DecimalNumber: Equatable, Sendable {
  /// The number.
  public let value: Double

  /// The number `word` spells, or nil when it is not digits with an optional sign and fraction.
  public init?(_ word: String) {
    let sign = word.first
    let unsigned = sign == "+" || sign == "-" ? word.dropFirst() : word[...]
    let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard let whole = parts.first, !whole.isEmpty, whole.utf8.allSatisfy(isDigit) else { return nil }
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].utf8.allSatisfy(isDigit) else { return nil }
    }
    guard let value = Double(word) else { return nil }
    self.value = value
  }
}
