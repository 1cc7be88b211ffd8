import CounterTerminal
import REPL

/// What the command line asked for: `counter-demo [--delay SECONDS] [--answer N | --fail] [--trace]`, or
/// `--help`.
struct Options: Equatable {
  /// How nth-prime questions are answered.
  enum Answer: Equatable {
    /// Computed on this machine (or asked of Wolfram|Alpha when it is configured).
    case computed
    /// Always this number (`--answer N`).
    case always(Int)
    /// Never: every question fails as a failed computation does (`--fail`).
    case failure
  }

  /// How long `nth` waits before answering, as a slow service would.
  var delay: Duration = .milliseconds(500)
  /// How `nth` is answered.
  var answer = Answer.computed
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false

  /// The longest delay accepted, in seconds.
  static let maximumDelay = 3600.0

  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    var options = Options()
    var remaining = arguments[...]
    var given: Set<String> = []
    while let argument = remaining.popFirst() {
      let flag = String(argument.prefix { $0 != "=" })
      let attached = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
      switch flag {
      case "--help", "-h":
        return .success(.help)
      case "--delay", "--answer", "--fail", "--trace":
        guard given.insert(flag).inserted else { return .failure(UsageError("'\(flag)' is given twice")) }
        guard !given.isSuperset(of: ["--answer", "--fail"]) else {
          return .failure(UsageError("'--answer' and '--fail' can't be given together"))
        }
      case _ where argument.hasPrefix("-"):
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      default:
        return .failure(UsageError("counter-demo takes no arguments; got \(Echo.quote(argument))"))
      }
      switch flag {
      case "--fail":
        guard attached == nil else { return .failure(UsageError("'--fail' takes no value")) }
        options.answer = .failure
      case "--trace":
        guard attached == nil else { return .failure(UsageError("'--trace' takes no value")) }
        options.trace = true
      case "--answer":
        let value = optionValue(
          "--answer", attached: attached, remaining: &remaining, kind: .number, needs: "a whole number from 1",
          example: "17"
        ).flatMap(answer)
        switch value {
        case .success(let prime): options.answer = .always(prime)
        case .failure(let error): return .failure(error)
        }
      default:
        let value = optionValue(
          "--delay", attached: attached, remaining: &remaining, kind: .number, needs: "a number of seconds",
          example: "0.5"
        ).flatMap(delay)
        switch value {
        case .success(let delay): options.delay = delay
        case .failure(let error): return .failure(error)
        }
      }
    }
    return .success(.run(options))
  }

  /// `text` as the answer to give: a whole number from 1, read as `set` reads numbers.
  private static func answer(_ text: String) -> Result<Int, UsageError> {
    guard case let .value(number) = WholeNumber(text), number >= 1 else {
      return .failure(UsageError("'--answer' needs a whole number from 1, like '--answer 17'; got \(Echo.quote(text))"))
    }
    return .success(number)
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
    USAGE: counter-demo [--delay SECONDS] [--answer N | --fail] [--trace]

    Runs PrimeTime's Counter feature alone: the count, the nth-prime alert and the is-this-prime modal. The
    nth prime is computed on this machine after a delay, as a slow service would answer; favorite primes
    live in memory for the session.

    Reads commands one per line, typed at the prompt or piped in:
      \(CounterCommand.table.specs.map(\.nameWithAliases).joined(separator: ", ")), state, trace, help, quit
    Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole
    state, and 'trace on' shows every action (those the nth-prime answer sends back too) with the change
    it made to the state, until 'trace off'.

    OPTIONS:
      --delay SECONDS  How long 'nth' takes to answer (default 0.5; 0 to 3600).
      --answer N       Answer every nth-prime question with N instead of computing it.
      --fail           Fail every nth-prime question, as a failed computation does.
      --trace          Start with the trace on, as 'trace on' does.
      -h, --help       Show this help and exit.

    ENVIRONMENT:
      WOLFRAM_ALPHA_APPID  Ask Wolfram|Alpha for the nth prime instead, as the original app did (no delay);
                           when it fails, the prime is computed here and a line says why. '--answer' and
                           '--fail' win over it.

    EXAMPLES:
      printf '+\\n+\\nnth\\n' | counter-demo --delay 0
      printf '+\\nnth\\n' | counter-demo --delay 0 --answer 17 --trace

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}

extension CommandSpec {
  /// `+ (incr)`: the name, then any aliases in parentheses.
  var nameWithAliases: String {
    aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
  }
}
