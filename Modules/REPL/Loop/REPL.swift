public import Platform
import LineEditor

/// A read-eval-print loop: reads lines, runs the commands of a `CommandTable`, prints results and errors.
///
/// ```swift
/// let repl = REPL(name: "counter-demo", commands: table, banner: "Counter. Type 'help'.",
///                 prompt: { "count \(store.value.count)> " })
/// let status = await repl.run { command in
///   await store.send(command.action).finish()   // do the work, effects included, before returning
///   return .output(["count: \(store.value.count)"])
/// }
/// exit(status)
/// ```
///
/// A program for people adds a history file and a way to stop a long command with Ctrl-C:
///
/// ```swift
/// let status = StatusLine()
/// let repl = REPL(name: "primetime", commands: table, prompt: { "primetime> " },
///                 console: status.clearing(.standard), historyFile: historyPath,
///                 onInterrupt: { Task { @MainActor in store.send(.cancelTapped) } })
/// ```
///
/// For each line: blank lines and lines whose first non-blank character is `#` are skipped; `help`,
/// `help NAME`, `quit` and `exit` are built in, matched in any case like every command (and win over table
/// commands with the same words); anything else is parsed with `commands` (which suggests a command for an
/// unknown word, built-ins included: `q` gets `quit`) and passed to the handler. The next line is read only after the handler
/// returns, so a handler that awaits its work makes commands run strictly in order.
///
/// Interactive (a person at a terminal): `banner` once, then `prompt()` before every read, on standard
/// output without a newline; errors on standard error as `NAME: MESSAGE`; end of input (Ctrl-D) prints a
/// newline; the status is always 0. With the default `input`, when standard input and output are both
/// terminals (``LineEditor/isAvailable``), lines are read with a `LineEditor` that draws the prompt, keeps
/// history (in `historyFile` if given) and completes command names, built-ins included; the prompt is then
/// bold and `NAME:` in error lines red, when colour is allowed (``TextStyle``). With `onInterrupt` set, a
/// Ctrl-C (SIGINT) while a command's handler runs calls it instead of ending the process (see
/// `withInterruptHandler`). With a line editor, SIGINT never ends the session: at the prompt (`kill -INT`) it
/// acts as Ctrl-C typed there (the line is dropped and the prompt drawn again), and one between commands, or
/// during a command when there is no `onInterrupt`, is ignored; without a line editor, Ctrl-C at the prompt
/// ends the session as usual. While a command runs, what is typed is held for the next line rather than
/// echoed by the terminal (``LineSource/holdTypeahead``): it shows at the next prompt, as typed there.
///
/// Piped (a script): no banner, no prompt; errors on standard error as `NAME: line N: MESSAGE`, where N
/// counts every input line from 1, blank and comment lines included; processing continues after an error;
/// the status is 1 if any command failed (parse error or `.failure`), else 0.
///
/// Either way a command's output lines reach `console` in one call, after the command has finished and
/// before the next line is read, and an error line right after the output of the commands before it, so the
/// two stay in order when they go to one file. Lines the input already holds (``LineSource/readyLine``) are
/// taken without awaiting it, so a script's lines run without a thread hop each; before it awaits input,
/// and before it returns, the REPL calls `console.flush()`, so output ``Console/standard`` keeps back (when
/// standard output is not a terminal) is out by then.
///
/// Either way, input that ends with a read error (``LineSource/failure``, such as standard input being a
/// directory) is reported as `NAME: can't read standard input: is a directory` and the status is 1.
///
/// `Command` must be `Sendable`: the handler may be isolated to another actor than the loop's caller.
public struct REPL<Command: Sendable> {
  /// The program name that starts every error line, for example `primetime`.
  public var name: String
  /// The commands besides the built-ins, in the order `help` lists them.
  public var commands: CommandTable<Command>
  /// Printed once, as a line, before the first prompt; only when interactive.
  public var banner: String?
  /// Called before each read to get the prompt, so it can show the current state; only when interactive.
  public var prompt: () -> String
  /// Whether a person is typing: decides banner, prompt, error format and exit status.
  public var isInteractive: Bool
  /// Where results (standard output) and errors (standard error) go.
  public var console: Console
  /// Where lines come from.
  public var input: LineSource
  /// Decorates the prompt when interactive.
  public var style: TextStyle
  /// Decorates the `NAME:` of error lines when interactive.
  public var errorStyle: TextStyle
  /// Called when Ctrl-C (SIGINT) arrives while an interactive command runs, instead of the process ending;
  /// for example to cancel a long computation. Nil keeps SIGINT's default, except with a line editor, where a
  /// SIGINT during a command is then ignored (the session never ends on one).
  public var onInterrupt: (@Sendable () -> Void)?

  /// Creates a REPL; by default it is interactive exactly when standard input is a terminal, and uses the
  /// process's standard input, output and error.
  ///
  /// With `input` nil, an interactive REPL whose standard input and output are terminals reads with a
  /// `LineEditor` (history kept in `historyFile` if given, else in memory only; completion of the commands'
  /// names and aliases and the built-ins; warnings about the history file on `console` as `NAME: warning: …`),
  /// and otherwise `LineSource.standardInput` is used. With `style` nil, the prompt and error lines are
  /// decorated only when the line editor was chosen and colour is allowed for standard output (prompt) and
  /// standard error (errors); piped runs and explicit inputs get no escape sequences.
  public init(
    name: String,
    commands: CommandTable<Command>,
    banner: String? = nil,
    prompt: @escaping () -> String = { "> " },
    isInteractive: Bool = TTY.standardInputIsTerminal,
    console: Console = .standard,
    input: LineSource? = nil,
    historyFile: String? = nil,
    style: TextStyle? = nil,
    onInterrupt: (@Sendable () -> Void)? = nil
  ) {
    self.name = name
    self.commands = commands
    self.banner = banner
    self.prompt = prompt
    self.isInteractive = isInteractive
    self.console = console
    self.onInterrupt = onInterrupt
    let usesEditor = input == nil && isInteractive && LineEditor.isAvailable
    if let input {
      self.input = input
    } else if usesEditor {
      let editor = LineEditor(
        completions: commands.candidates + builtins.candidates,
        fileCompletionCommands: commands.specs.filter(\.argumentIsFile).flatMap(\.words),
        historyFile: historyFile,
        warn: { [name] warning in console.printError("\(name): \(warning)") }
      )
      self.input = .lineEditor(editor)
    } else {
      self.input = .standardInput
    }
    self.style = style ?? (usesEditor ? .standardOutput : .plain)
    self.errorStyle = style ?? (usesEditor ? .standardError : .plain)
  }

  /// Runs until end of input or `quit`/`exit`, and returns the exit status for the process.
  ///
  /// It never exits the process itself. The loop, `prompt` and closures written on the caller's actor
  /// (for example the main actor, where a store lives) run on that actor; waiting for input does not
  /// block it.
  public func run(
    isolation: isolated (any Actor)? = #isolation,
    handler: (Command) async -> CommandResult
  ) async -> Int32 {
    guard isInteractive, input.readsCtrlCAsAKey else {
      return await loop(handler: handler)
    }
    // A line editor reads Ctrl-C as a key, so a SIGINT comes from outside (`kill -INT`), or while a command
    // runs, or in the moment between reading a line and starting its command: none may end the session. At the
    // prompt it acts as Ctrl-C there; while a command runs, `onInterrupt` gets it, in a scope of its own per
    // command, so a late Ctrl-C never reaches the next command; without `onInterrupt` it is ignored.
    return await withInterruptHandler({ [input] in input.interruptLine?() }) { await loop(handler: handler) }
  }

  private func loop(
    isolation: isolated (any Actor)? = #isolation,
    handler: (Command) async -> CommandResult
  ) async -> Int32 {
    if isInteractive, let banner {
      console.print(banner)
    }
    // Output kept back (standard output not a terminal) is out before the loop returns.
    defer { console.flush() }
    var lineNumber = 0
    var anyFailed = false
    while true {
      let line: String?
      if let nextLineAfterPrompt = input.nextLineAfterPrompt {
        console.flush()
        line = await nextLineAfterPrompt(isInteractive ? style.bold(prompt()) : "")
      } else {
        if isInteractive {
          console.write(style.bold(prompt()))
        }
        if let ready = input.readyLine() {
          line = ready
        } else {
          // Everything answered so far is out before waiting for more input: a program feeding lines one at
          // a time sees each answer before it sends the next line.
          console.flush()
          line = await input.nextLine()
        }
      }
      guard var line else {
        if isInteractive {
          console.write("\n")
        }
        if let failure = input.failure() {
          console.printError(isInteractive ? "\(errorStyle.red("\(name):")) \(failure)" : "\(name): \(failure)")
          return 1
        }
        break
      }
      lineNumber += 1
      // Some editors start a file with a byte order mark: it belongs to no command.
      if lineNumber == 1, line.unicodeScalars.first == "\u{FEFF}" {
        line = String(line.unicodeScalars.dropFirst())
      }
      // A line this long is no command (a binary file piped in, say): it is refused without being split into
      // words.
      let isTooLong = line.utf8.count > LineSource.maximumLineLength
      let words = isTooLong ? [] : CommandTable<Command>.words(of: line)
      // Blank lines and comments are passed over.
      guard isTooLong || words.first.map({ !$0.hasPrefix("#") }) == true else { continue }

      let result: CommandResult
      if isTooLong {
        result = .failure(
          "the line is longer than 1 MiB (1,048,576 bytes); nothing of it was run. Put one command on each line."
        )
      } else if line.unicodeScalars.contains(Self.replacementCharacter) {
        // Bytes that are not UTF-8 arrive as U+FFFD (the sources repair them), and a command holding one would
        // name another file or word than the one meant: the line is refused whole.
        result = .failure(
          "\(Echo.quote(line)) has bytes that are not UTF-8 (shown as \u{FFFD}); nothing of it was run. "
            + "Write it in UTF-8."
        )
      } else if let quote = CommandWords.unclosedQuote(in: line) {
        result = .failure(
          "the line ends inside a quote (\(quote)); nothing of it was run. Close it, or put a backslash before it."
        )
      } else if let word = words.first, let builtin = builtins.spec(for: word) {
        switch builtin.parse(Array(words.dropFirst())) {
        case .success(.quit):
          return status(anyFailed: anyFailed)
        case .success(.help(let topic)):
          result = help(topic)
        case .failure(let error):
          result = .failure(error.message)
        }
      } else {
        // Switched on rather than mapped to a type of the loop's own: this generic code then needs the metadata
        // of no type but the table's result, which it would otherwise look up several times a line.
        switch commands.parse(words: words, alsoSuggesting: builtins.wordsByCommand) {
        case .success(let command):
          // At a terminal, keys typed while the command runs wait for the next line, unechoed.
          let holdTypeahead = isInteractive ? input.holdTypeahead : nil
          await holdTypeahead?(true)
          if isInteractive, let onInterrupt {
            result = await withInterruptHandler(onInterrupt) { await handler(command) }
          } else {
            result = await handler(command)
          }
          await holdTypeahead?(false)
        case .failure(let error):
          result = .failure(error.message)
        }
      }
      switch result {
      case .output(let lines):
        console.printLines(lines)
      case .failure(let message):
        anyFailed = true
        console.printError(
          isInteractive ? "\(errorStyle.red("\(name):")) \(message)" : "\(name): line \(lineNumber): \(message)"
        )
      }
    }
    return status(anyFailed: anyFailed)
  }

  /// U+FFFD, which stands in a line for bytes that were not UTF-8.
  static var replacementCharacter: Unicode.Scalar { "\u{FFFD}" }

  private func status(anyFailed: Bool) -> Int32 {
    anyFailed && !isInteractive ? 1 : 0
  }

  /// `help`: every command's usage and summary, with its aliases, in aligned columns (``CommandTable/helpListing``);
  /// `help NAME`: that command in full.
  private func help(_ topic: String?) -> CommandResult {
    guard let topic else {
      let listing = commands.helpListing
      let width = listing.map(\.usage.count).max() ?? 0
      let lines = listing.map { entry in
        let gap = String(repeating: " ", count: width - entry.usage.count + 2)
        return entry.summary.isEmpty ? entry.usage : entry.usage + gap + entry.description
      }
      return .output(lines)
    }
    if let spec = builtins.spec(for: topic) {
      return .output(describe(spec))
    }
    if let spec = commands.spec(for: topic) {
      return .output(describe(spec))
    }
    let unknown = CommandError.unknownCommand(topic, commands: commands.wordsByCommand + builtins.wordsByCommand)
    return .failure(unknown.message)
  }
}

/// The lines `help NAME` prints for `spec`.
private func describe<Command>(_ spec: CommandSpec<Command>) -> [String] {
  var lines = ["usage: \(spec.usage)", spec.summary]
  if let detail = spec.detail {
    lines += detail.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
  if !spec.aliases.isEmpty {
    lines.append("aliases: \(spec.aliases.joined(separator: ", "))")
  }
  return lines
}

/// The commands every REPL has.
enum Builtin: Sendable {
  case help(topic: String?)
  case quit
}

/// `help` and `quit`, which every REPL runs itself.
let builtins = CommandTable<Builtin>([
  CommandSpec(
    "help",
    usage: "help [COMMAND]",
    summary: "List the commands, or describe one",
    detail: "'help' lists every command with its usage; 'help COMMAND' adds details, examples and aliases."
  ) { arguments in
    arguments.count <= 1
      ? .success(.help(topic: arguments.first))
      : .failure(CommandError("'help' takes one command name at most, like 'help help'."))
  },
  .noArguments("quit", aliases: ["exit"], summary: "End the session", command: .quit),
])
