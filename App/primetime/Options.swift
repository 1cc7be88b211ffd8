#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import FavoritePrimesLive
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import PrimeTimeApp
import Terminal

/// What the command line asked for: `primetime [--db PATH | --sandbox] [--log FILE] [--record FILE]`,
/// `--help` or `--version`.
struct Options: Equatable {
  /// Where the favourites are kept; nil for the default location.
  var databasePath: String?
  /// Keep favourites and activity in memory; read and write nothing on disk.
  var sandbox = false
  /// Where to append the trace of every action and the change it made to the state; `-` for standard error,
  /// nil for no log.
  var logPath: String?
  /// Where to write the recording of the session (see `Recording`); nil for none.
  var recordPath: String?

  /// What this build calls itself in `--version`.
  static let version = "primetime 0.6.0"

  /// What the command line asks for, besides running: the version.
  enum Request: Equatable {
    case run(Options)
    case version
  }

  /// Parses `arguments` (without the program name); `--help` and `--version` win as soon as they are seen.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Request>, UsageError> {
    var options = Options()
    var remaining = arguments[...]
    var given: Set<String> = []
    while let argument = remaining.popFirst() {
      let (flag, attached) = split(argument)
      if ["--sandbox", "--db", "--log", "--record"].contains(flag), !given.insert(flag).inserted {
        return .failure(UsageError("'\(flag)' is given twice"))
      }
      switch flag {
      case "--help", "-h":
        return .success(.help)
      case "--version":
        return .success(.run(.version))
      case "--sandbox":
        guard attached == nil else { return .failure(UsageError("'--sandbox' takes no value")) }
        options.sandbox = true
      case "--db", "--log", "--record":
        let value: String
        switch optionValue(
          flag, attached: attached, remaining: &remaining, kind: .path, needs: "a file path", example: example(flag)
        ) {
        case let .success(given): value = given
        case let .failure(error): return .failure(error)
        }
        if let error = unexpandedTilde(flag, value) {
          return .failure(error)
        }
        switch flag {
        case "--db": options.databasePath = value
        case "--log": options.logPath = value
        default: options.recordPath = value
        }
      case "--" where attached == nil:
        // The end of the options; primetime takes no arguments, so nothing may follow.
        if let next = remaining.first {
          return .failure(UsageError("primetime takes no arguments; got \(Echo.quote(next))"))
        }
      case _ where argument.hasPrefix("-"):
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      default:
        return .failure(UsageError("primetime takes no arguments; got \(Echo.quote(argument))"))
      }
    }
    if options.sandbox && options.databasePath != nil {
      return .failure(UsageError("'--sandbox' keeps everything in memory, so it can't be used with '--db'"))
    }
    return .success(.run(.run(options)))
  }

  /// The environment variables PrimeTime takes paths from: the database's and the history's directories.
  static let pathVariables = ["HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"]

  /// The first of `names` that is set to bytes that are not valid UTF-8, read raw with `getenv` (the
  /// decoded environment would have turned them into U+FFFD and so named another directory); nil when all
  /// are valid or unset.
  static func variableNotUTF8(among names: [String] = pathVariables) -> String? {
    names.first { name in
      guard let value = getenv(name) else { return false }
      let bytes = UnsafeRawBufferPointer(start: value, count: strlen(value)).bindMemory(to: UInt8.self)
      return String(validating: bytes, as: UTF8.self) == nil
    }
  }

  /// `--db=PATH` as `("--db", "PATH")`; other words as they are, with no value.
  private static func split(_ argument: String) -> (flag: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The error for a path that starts with `~`, which the shell left as it is (it does after `=`, or quoted):
  /// PrimeTime would otherwise make a directory named `~`.
  private static func unexpandedTilde(_ flag: String, _ value: String) -> UsageError? {
    guard value.hasPrefix("~") else { return nil }
    let instead =
      value == "~" || value.hasPrefix("~/")
      ? "write \"$HOME\(value.dropFirst())\" instead" : "write the full path instead"
    return UsageError("'\(flag)' got \(Echo.quote(value)), whose '~' the shell did not expand; \(instead)")
  }

  private static func example(_ flag: String) -> String {
    switch flag {
    case "--db": "~/primes.sqlite3"
    case "--record": "run.jsonl"
    default: "primetime.log"
    }
  }

  /// `+ (incr), - (decr), set, …, help, quit`: every command word, aliases in parentheses.
  private static var commandList: String {
    let names = AppCommand.table.specs.map { spec in
      spec.aliases.isEmpty ? spec.name : "\(spec.name) (\(spec.aliases.joined(separator: ", ")))"
    }
    return (names + ["help", "quit (exit)"]).joined(separator: ", ")
  }

  /// What `--help` prints; it shows where the database is by default in this environment.
  static func usage(environment: [String: String]) -> String {
    let defaultPath = FavoritePrimesDatabase.defaultPath(environment: environment)
      ?? "none: set HOME or XDG_DATA_HOME, or use --db"
    return """
      USAGE: primetime [--db PATH | --sandbox] [--log FILE] [--record FILE]
             primetime replay FILE

      PrimeTime: count, ask whether the count is prime, keep favorite primes, find the nth prime, and see
      what you did. Favorites and their activity are saved as you go, in a SQLite database.

      Reads commands one per line, typed at the prompt or piped in:
        \(commandList)
      Type 'help' at the prompt for what each one does.

      OPTIONS:
        --db PATH      The database file (default: \(defaultPath)).
        --sandbox      Keep favorites and activity in memory: nothing on disk is read or written.
        --log FILE     Append every action and the change it made to the state to FILE, or to standard
                       error for '--log -'. FILE must be a regular file (no symbolic link, hard-linked
                       file, FIFO or device), made private (mode 0600) if it is not; never the database,
                       its -wal, -shm or -journal, or any other SQLite file.
        --record FILE  Record the session to the new file FILE (mode 0600): every action, whether you or an
                       effect sent it, and the state every 10 steps. 'primetime replay FILE' replays it.
        -h, --help     Show this help and exit.
        --version      Show the version and exit.
        --             End of the options; primetime takes no arguments after it.

      Each option may be given once, and every argument must be valid UTF-8. The shell expands a leading ~
      in '--db ~/x' but not in '--db=~/x', so a path starting with ~ is refused: write $HOME/x instead.

      EXAMPLE:
        printf 'set 7\\nfav\\nfavorites\\n' | primetime --sandbox

      EXIT STATUS: 0 on success; 1 if a piped command failed, the database or log file can't be used,
      standard input can't be read, or standard output or the log can't be written; 64 on a command-line error; 141 when the reader of
      standard output went away. A signal (SIGTERM, SIGHUP, SIGINT at the prompt, SIGQUIT, ...) closes the
      database first; SIGQUIT then ends with status 131.
      """
  }
}
