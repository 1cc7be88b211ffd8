import Terminal

/// What the command line asked for: `counter-demo [--delay SECONDS]`, or `--help`.
struct Options: Equatable {
  /// How long `nth` waits before computing the answer, as a slow service would.
  var delay: Duration = .milliseconds(500)

  /// The longest delay accepted, in seconds.
  static let maximumDelay = 3600.0

  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    var options = Options()
    var remaining = arguments[...]
    var delayGiven = false
    while let argument = remaining.popFirst() {
      let isDelay = argument == "--delay" || argument.hasPrefix("--delay=")
      switch argument {
      case "--help", "-h":
        return .success(.help)
      case _ where isDelay:
        guard !delayGiven else { return .failure(UsageError("'--delay' is given twice")) }
        delayGiven = true
        let attached = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
        let value = optionValue(
          "--delay", attached: attached, remaining: &remaining, kind: .number, needs: "a number of seconds",
          example: "0.5"
        ).flatMap(delay)
        switch value {
        case .success(let delay): options.delay = delay
        case .failure(let error): return .failure(error)
        }
      case _ where argument.hasPrefix("-"):
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      default:
        return .failure(UsageError("counter-demo takes no arguments; got \(Echo.quote(argument))"))
      }
    }
    return .success(.run(options))
  }

  /// `text` as a delay: a decimal number of seconds (``DecimalNumber``, as `set` reads numbers, with a
  /// fraction) from 0 to ``maximumDelay``.
  private static func delay(_ text: String) -> Result<Duration, UsageError> {
    guard let seconds = DecimalNumber(text)?.value, seconds >= 0, seconds <= maximumDelay else {
      return .failure(
        UsageError(
          "'--delay' needs a number of seconds from 0 to \(Int(maximumDelay)), like '--delay 0.5';"
            + " got \(Echo.quote(text))"
        )
      )
    }
    return .success(.seconds(seconds))
  }

  /// What `--help` prints.
  static let usage = """
    USAGE: counter-demo [--delay SECONDS]

    Runs PrimeTime's Counter feature alone: the count, the nth-prime alert and the is-this-prime modal. The
    nth prime is computed on this machine after a delay, as a slow service would answer; favorite primes
    live in memory for the session.

    Reads commands one per line, typed at the prompt or piped in:
      \(Command.table.specs.map(\.nameWithAliases).joined(separator: ", ")), help, quit
    Type 'help' at the prompt for what each one does.

    OPTIONS:
      --delay SECONDS  How long 'nth' takes to answer (default 0.5; 0 to 3600).
      -h, --help       Show this help and exit.

    ENVIRONMENT:
      WOLFRAM_ALPHA_APPID  Ask Wolfram|Alpha for the nth prime instead, as the original app did (no delay).

    EXAMPLE:
      printf '+\\n+\\nnth\\n' | counter-demo --delay 0

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}

extension CommandSpec {
  /// `+ (incr)`: the name, then any aliases in parentheses.
  var nameWithAliases: String {
    aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
  }
}
