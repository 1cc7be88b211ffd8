import Terminal

/// What the command line asked for: `prime-modal-demo [COUNT]`, or `--help`.
struct Options: Equatable {
  /// The number the modal is about.
  var count = 7

  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  ///
  /// A whole number is the count even when it starts with `-`, so `prime-modal-demo -3` is about -3; numbers
  /// are read as `set` reads them (``WholeNumber``: decimal digits after an optional sign).
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    var count: Int?
    for argument in arguments {
      if argument == "--help" || argument == "-h" {
        return .success(.help)
      }
      switch WholeNumber(argument) {
      case let .value(number):
        if let count {
          return .failure(UsageError("only one COUNT is allowed; got \(count) and \(number)"))
        }
        count = number
      case .tooLarge, .tooSmall:
        return .failure(
          UsageError("COUNT \(Echo.quote(argument)) is out of range: it must be from \(Int.min) to \(Int.max)")
        )
      case .notANumber where argument.hasPrefix("-"):
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      case .notANumber:
        return .failure(UsageError("COUNT must be a whole number, like 7; got \(Echo.quote(argument))"))
      }
    }
    return .success(.run(Options(count: count ?? 7)))
  }

  /// What `--help` prints.
  static let usage = """
    USAGE: prime-modal-demo [COUNT]

    Runs PrimeTime's is-this-prime modal alone, about COUNT, with the favorite primes kept in memory and
    starting empty: the modal says whether COUNT is prime and offers to save it to, or remove it from, the
    favorite primes.

    Reads commands one per line, typed at the prompt or piped in:
      \(Command.table.specs.map(\.name).joined(separator: ", ")), help, quit
    Type 'help' at the prompt for what each one does.

    ARGUMENTS:
      COUNT       The whole number the modal is about (default 7).

    OPTIONS:
      -h, --help  Show this help and exit.

    EXAMPLE:
      printf 'prime\\nfav\\nfavorites\\n' | prime-modal-demo 13

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}
