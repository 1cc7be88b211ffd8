import CommandLineInterface
import FavoritePrimesLive
import FoundationEssentials
import Platform
import PrimeTimeApp
import REPL
import Replay

/// What the command line asked for: `primetime [--db PATH | --sandbox] [--log FILE] [--record FILE]`;
/// ``interface(environment:)`` declares the flags, and generates `--help`, the completion scripts and the manual
/// page from them. `primetime replay FILE` is read apart, by ``replayCommand``.
struct Options: Equatable, Sendable {
  /// Where the favourites are kept; nil for the default location.
  var databasePath: String?
  /// Keep favourites and activity in memory; read and write nothing on disk.
  var sandbox = false
  /// Where to append the trace of every action and the change it made to the state; `-` for standard error,
  /// nil for no log.
  var logPath: String?
  /// Where to write the recording of the session (see `Recording`); nil for none.
  var recordPath: String?
  /// How many steps apart the recording holds the state (`--snapshot-interval`); nil for the default, 10.
  var snapshotInterval: Int?

  /// What this build calls itself in `--version`.
  static let version = "primetime 0.7.0"

  /// The command line's declarations; `environment` says where the database is by default, which `--help`
  /// shows. For a document kept after this run (`arguments` asking for `--manual` or `--completions`), the
  /// default is named by its variables instead, so a manual page installed by one person does not show
  /// another's home.
  static func interface(
    environment: [String: String], arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> CommandLineInterface<Options> {
    let isDocument = arguments.contains { $0 == "--manual" || $0 == "--completions" || $0.hasPrefix("--completions=") }
    let defaultPath = isDocument
      ? "$XDG_DATA_HOME/primetime/primetime.sqlite3, or ~/.local/share/primetime/primetime.sqlite3"
      // From the environment, so shown escaped, as the banner shows it: a newline or ESC in HOME stays text.
      : FavoritePrimesDatabase.defaultPath(environment: environment).map(Echo.escaped)
        ?? "none: set HOME or XDG_DATA_HOME, or use --db"
    let path = { (needs: String, example: String) in
      Flag<Options>.ValueSpec(placeholder: needs, kind: .path, needs: "a file path", example: example)
    }
    return CommandLineInterface(
      name: "primetime",
      version: version,
      shortDescription: "count, find primes and keep favorites",
      abstract: "PrimeTime: count, ask whether the count is prime, keep favorite primes, find the nth prime, and see "
        + "what you did. Favorites and their activity are saved as you go, in a SQLite database.",
      discussion: [
        "Reads commands one per line, typed at the prompt or piped in:\n  \(commandList)\n"
          + "Type 'help' at the prompt for what each one does.",
        "'primetime replay FILE [--until N]' replays a recording made with --record against a fresh store, with "
          + "nothing read or written but FILE, and stops at the first step whose state differs, showing the "
          + "difference (status 1); 'primetime replay --diff OLD FILE' compares two recordings step by step.",
        "Each option may be given once, and every argument must be valid UTF-8. The shell expands a leading ~ in "
          + "'--db ~/x' but not in '--db=~/x', so a path starting with ~ is refused: write $HOME/x instead.",
      ],
      flags: [
        .option("--db", path("PATH", "~/primes.sqlite3"), help: "The database file (default: \(defaultPath)).") {
          options, value in
          options.databasePath = value
          return UsageError.unexpandedTilde("--db", value)
        },
        .switch("--sandbox", help: "Keep favorites and activity in memory: nothing on disk is read or written.") {
          $0.sandbox = true
        },
        .option(
          "--log", path("FILE", "primetime.log"),
          help: "Append every action and the change it made to the state to FILE, or to standard error for "
            + "'--log -'. FILE must be a regular file (no symbolic link, hard-linked file, FIFO or device), made "
            + "private (mode 0600) if it is not; never the database, its -wal, -shm or -journal, any other "
            + "SQLite file, or the history file."
        ) { options, value in
          options.logPath = value
          return UsageError.unexpandedTilde("--log", value)
        },
        .record(
          program: "primetime",
          refusing: "Never the database, its -wal, -shm or -journal, the log file or the history file, even before "
            + "they exist."
        ) { options, value in options.recordPath = value },
        .snapshotInterval { options, interval in options.snapshotInterval = interval },
      ],
      exclusions: [
        .init(["--db", "--sandbox"], reason: "'--sandbox' keeps everything in memory, so it can't be used with '--db'")
      ],
      sections: [
        .init(
          "ENVIRONMENT",
          [
            ("XDG_DATA_HOME", "Where the database is kept by default: $XDG_DATA_HOME/primetime/primetime.sqlite3 "
              + "(~/.local/share when unset, empty or relative)."),
            ("XDG_STATE_HOME", "Where the line editor's history is kept: $XDG_STATE_HOME/primetime/history "
              + "(~/.local/state when unset, empty or relative)."),
            ("HOME", "The base of both when the XDG variables are not set."),
            ("WOLFRAM_ALPHA_APPID", "Ask Wolfram|Alpha for the nth prime with this AppID (through the "
              + "primetime-wolfram-alpha program beside primetime), computing it here when that fails."),
            ("NO_COLOR", "When set and not empty, no colour is used."),
            ("TERM", "With 'dumb', no colour and no line editing."),
          ]
        ),
        .init("COMMANDS", commands, isInHelp: false),
        .init(
          "FILES",
          [
            ("$XDG_DATA_HOME/primetime/primetime.sqlite3", "The favorites and their activity, in SQLite; the "
              + "database unless --db names another. A database PrimeTime creates is private: mode 0600, in "
              + "directories it creates with mode 0700; while PrimeTime runs, its -wal and -shm files are beside "
              + "it, with the same mode. An existing database keeps its mode."),
            ("$XDG_STATE_HOME/primetime/history", "The commands typed at the prompt, kept at mode 0600."),
            ("FILE of --log, --record, export and backup", "Made with mode 0600; never the database or one of "
              + "its files. 'import FILE' reads what 'export FILE' writes: one prime per line."),
          ]
        ),
        .init(
          "EXAMPLES",
          [
            ("printf 'set 7\\nfav\\nfavorites\\n' | primetime --sandbox", "Count to 7, keep it as a favorite and "
              + "list the favorites, in memory: nothing on disk is read or written."),
            ("primetime --db ~/primes.sqlite3", "Keep the favorites in another database."),
            ("primetime --record run.jsonl", "Record the session to run.jsonl as it goes."),
            ("primetime replay run.jsonl", "Replay it against a fresh store: one line when every recorded state "
              + "comes out the same; else the first step that differs, with a diff, and status 1."),
            ("primetime replay --diff old.jsonl run.jsonl", "Compare two recordings step by step."),
            (
              "mkdir -p ~/.local/share/man/man1 && primetime --manual > ~/.local/share/man/man1/primetime.1",
              "Install this page for 'man primetime'."
            ),
            (
              "mkdir -p ~/.local/share/bash-completion/completions && primetime --completions bash > "
                + "~/.local/share/bash-completion/completions/primetime",
              "Install Tab completion of the flags for bash; '--completions zsh' and '--completions fish' print the "
                + "others."
            ),
          ]
        ),
        .init(
          "EXIT STATUS",
          paragraph: "0 on success; 1 if a piped command failed, the database or log file can't be used, standard "
            + "input can't be read, or standard output, the log or the recording can't be written; 64 on a "
            + "command-line error; 141 when the reader of standard output went away. A signal (SIGTERM, SIGHUP, SIGINT at the prompt, "
            + "SIGQUIT, ...) closes the database first; SIGQUIT then ends with status 131."
        ),
      ],
      subcommands: [
        .replay(replayCommand.interface)
      ],
      validate: { Flag<Options>.recordingUsageError(record: $0.recordPath, snapshotInterval: $0.snapshotInterval) }
    )
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

  /// The manual page's COMMANDS: each command at the prompt, with its aliases, as `help` lists it.
  private static var commands: [(term: String, text: String)] {
    AppCommand.table.helpListing.map { ($0.usage, $0.description) }
  }

  /// `+ (incr), - (decr), set, …, help, quit`: every command word, aliases in parentheses.
  private static var commandList: String {
    let names = AppCommand.table.specs.map { spec in
      spec.aliases.isEmpty ? spec.name : "\(spec.name) (\(spec.aliases.joined(separator: ", ")))"
    }
    return (names + ["help", "quit (exit)"]).joined(separator: ", ")
  }
}
