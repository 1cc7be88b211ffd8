import Terminal

/// What the command line asked for: `favorite-primes-demo` takes no arguments besides `--help`.
struct Options: Equatable {
  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      return .success(.help)
    }
    guard let first = arguments.first else {
      return .success(.run(Options()))
    }
    if first.hasPrefix("-") {
      return .failure(UsageError("unknown option \(Echo.quote(first))"))
    }
    return .failure(UsageError("favorite-primes-demo takes no arguments; got \(Echo.quote(first))"))
  }

  /// What `--help` prints.
  static let usage = """
    USAGE: favorite-primes-demo

    Runs PrimeTime's favorite primes screen alone. The list starts as 2, 3, 5, 7; 'save' and 'load' use a
    store kept in memory for the session, which starts out holding 2, 31.

    Reads commands one per line, typed at the prompt or piped in:
      \(Command.table.specs.map(\.name).joined(separator: ", ")), help, quit
    Type 'help' at the prompt for what each one does.

    OPTIONS:
      -h, --help  Show this help and exit.

    EXAMPLE:
      printf 'delete 2 3\\nsave\\nload\\n' | favorite-primes-demo

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}
