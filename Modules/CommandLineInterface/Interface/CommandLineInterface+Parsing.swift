public import Platform

extension CommandLineInterface {
  /// The flags every interface understands, besides its own: how `--help` lists them.
  var builtInFlagHelp: [(label: String, text: String)] {
    [
      ("-h, --help", "Show this help and exit."),
      ("--version", "Show the version and exit."),
    ]
      + (isSubcommand
        ? [] : [("--completions SHELL", "Print a completion script for SHELL (bash, zsh or fish) and exit.")])
      + [("--manual", "Print the manual page (for man -l, or a man1 directory) and exit.")]
  }

  /// Whether this is a subcommand's command line (`primetime replay`, a name of two words): its program's
  /// completion script covers it, so it offers no `--completions` of its own.
  var isSubcommand: Bool {
    name.contains(" ")
  }

  /// What `arguments` (without the program name) ask for, starting from `initial` options.
  ///
  /// `--help`, `-h`, `--version` and `--manual` win as soon as they are seen, as does `--completions SHELL`; before them,
  /// an error stops the parse. Messages have no full stop, as ``UsageError`` wants: `unknown option '--dely'
  /// (did you mean '--delay'?)`, `'--db' is given twice`, `'--fail' takes no value`, `'--answer' and '--fail'
  /// can't be given together`, `no arguments are taken; got 'x'`, `no arguments are taken; got 'repaly' (did you
  /// mean 'replay'?)`.
  public func parse(_ arguments: [String], initial: Options) -> Result<CommandLineRequest<Options>, UsageError> {
    var options = initial
    var remaining = arguments[...]
    var given: [String] = []
    var positional: [String] = []
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !looksLikeAnOption(argument) {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, attached) = Self.split(argument)
      switch name {
      case "--help", "-h":
        return .success(.help)
      case "--version":
        return attached == nil ? .success(.version) : .failure(UsageError("'--version' takes no value"))
      case "--completions":
        return completionsRequest(attached: attached, remaining: &remaining)
      case "--manual":
        return attached == nil ? .success(.manual) : .failure(UsageError("'--manual' takes no value"))
      default:
        break
      }
      guard let flag = flags.first(where: { $0.name == name || ($0.shortName == name && attached == nil) }) else {
        return .failure(unknownOption(argument))
      }
      if given.contains(flag.name) {
        return .failure(UsageError("'\(flag.name)' is given twice"))
      }
      switch flag.value {
      case let .none(set):
        guard attached == nil else { return .failure(UsageError("'\(flag.name)' takes no value")) }
        set(&options)
      case let .required(spec, apply):
        let value = optionValue(
          flag.name, attached: attached, remaining: &remaining, kind: spec.kind, needs: spec.needs,
          example: spec.example
        )
        switch value {
        case let .success(text):
          if let error = apply(&options, text) { return .failure(error) }
        case let .failure(error):
          return .failure(error)
        }
      }
      // After the value, so a value that is wrong in itself is named first.
      if let conflict = conflict(of: flag.name, with: given) {
        return .failure(conflict)
      }
      given.append(flag.name)
    }
    if let error = take(positional, into: &options) {
      return .failure(error)
    }
    return validate(options).map { .failure($0) } ?? .success(.run(options))
  }

  /// Whether `argument` is read as an option: it starts with `-` and is not `-` alone, nor a negative number
  /// where the arguments take those.
  private func looksLikeAnOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument != "-" else { return false }
    if arguments?.takesNegativeNumbers == true, DecimalNumber(argument) != nil { return false }
    return true
  }

  /// `--db=PATH` as `("--db", "PATH")`; other words as they are, with no value.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The error for an option no flag declares, suggesting the closest one.
  private func unknownOption(_ argument: String) -> UsageError {
    let names = flags.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
      + ["--help", "--version", "--completions", "--manual"]
    let (name, _) = Self.split(argument)
    let guess = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    return UsageError("unknown option \(Echo.quote(argument))\(guess)")
  }

  /// ` (did you mean 'replay'?)` for an argument that is a subcommand or an option mistyped (`repaly`,
  /// `help`), as the REPL suggests a command; empty when none is close, or when the closest is the argument
  /// itself (`--help` given after `--`).
  private func suggestion(forArgument argument: String) -> String {
    let words = subcommands.map(\.name) + flags.map(\.name) + ["--help", "--version", "--manual"]
      + (isSubcommand ? [] : ["--completions"])
    guard let guess = Suggestion.closest(to: argument, among: words), guess.lowercased() != argument.lowercased()
    else { return "" }
    return " (did you mean \(Echo.quote(guess))?)"
  }

  /// The error when `name` can't be given with a flag already `given`, or nil.
  private func conflict(of name: String, with given: [String]) -> UsageError? {
    for exclusion in exclusions where exclusion.names.contains(name) {
      if let earlier = given.first(where: { exclusion.names.contains($0) }) {
        return UsageError(exclusion.reason ?? "'\(earlier)' and '\(name)' can't be given together")
      }
    }
    return nil
  }

  /// Stores the arguments that are not options, or says why they can't be taken.
  private func take(_ positional: [String], into options: inout Options) -> UsageError? {
    if let arguments, positional.count < arguments.minimumCount {
      return UsageError("\(arguments.placeholder) is missing")
    }
    guard let first = positional.first else { return nil }
    guard let arguments else {
      if subcommands.contains(where: { $0.name == first }) {
        return UsageError("'\(first)' comes first, before any flag: '\(name) \(first) ...'")
      }
      guard subcommands.isEmpty else {
        let given = Echo.quote(first)
        return UsageError("\(given) is no subcommand, and no other arguments are taken\(suggestion(forArgument: first))")
      }
      return UsageError("no arguments are taken; got \(Echo.quote(first))\(suggestion(forArgument: first))")
    }
    guard positional.count <= arguments.maximumCount else {
      let allowed = arguments.maximumCount == 1
        ? "only one \(arguments.placeholder) is taken" : "at most \(arguments.maximumCount) arguments are taken"
      return UsageError("\(allowed); got \(positional.count) arguments")
    }
    for argument in positional {
      if let error = arguments.apply(&options, argument) { return error }
    }
    return nil
  }

  /// `--completions SHELL`: the shell named, or the error naming the shells there are scripts for.
  private func completionsRequest(
    attached: String?,
    remaining: inout ArraySlice<String>
  ) -> Result<CommandLineRequest<Options>, UsageError> {
    // A subcommand (`primetime replay`) is completed by its program's script, which its name's first word makes.
    if isSubcommand, let program = name.split(separator: " ").first {
      return .failure(UsageError("completion scripts are made by the program: '\(program) --completions SHELL'"))
    }
    let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
    let value = optionValue(
      "--completions", attached: attached, remaining: &remaining, kind: .word, needs: "a shell (\(shells))",
      example: "bash"
    )
    return value.flatMap { text in
      guard let shell = CompletionShell(rawValue: text) else {
        return .failure(UsageError("'--completions' needs a shell (\(shells)); got \(Echo.quote(text))"))
      }
      return .success(.completions(shell))
    }
  }
}

extension CommandLineInterface {
  /// The options this process's command line asks for, starting from `initial`; or the end of the process.
  ///
  /// On `--help`, `--version`, `--completions SHELL` and `--manual` the text is made (only then) and printed on
  /// standard output, and the status is 0 (1 if it could not be written, see ``StandardStreams``). On a usage
  /// error, `NAME: MESSAGE. Try 'NAME --help'.` is printed on standard error and the status is 64
  /// (``UsageError/exitStatus``). An argument that is not valid UTF-8 (``ArgumentEncoding``) is a usage error
  /// before anything else: `arguments` are the raw bytes to parse (by default this process's).
  public func optionsOrExit(
    initial: Options,
    console: Console = .standard,
    arguments: [[UInt8]] = ArgumentEncoding.processArguments
  ) -> Options {
    if let error = ArgumentEncoding.firstInvalid(in: arguments) {
      console.printError("\(name): \(error.message). Try '\(name) --help'.")
      exit(UsageError.exitStatus)
    }
    let text: String
    switch parse(arguments.map { String(decoding: $0, as: UTF8.self) }, initial: initial) {
    case let .success(.run(options)):
      return options
    case .success(.help):
      text = help
    case .success(.version):
      text = version
    case let .success(.completions(shell)):
      text = completionScript(for: shell)
    case .success(.manual):
      text = manualPage
    case let .failure(error):
      console.printError("\(name): \(error.message). Try '\(name) --help'.")
      exit(UsageError.exitStatus)
    }
    console.print(text)
    exit(StandardStreams.exitStatus(0, name: name, console: console))
  }
}
