import PrimeModal
import PrimeModalTerminal
import REPL

/// What the command line asked for: `prime-modal-demo [--favorites P,P,...] [--trace] [--] [COUNT]`, or
/// `--help`.
struct Options: Equatable {
  /// The number the modal is about.
  var count = 7
  /// The favourite primes to start with, in order.
  var favorites: [Int] = []
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false

  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  ///
  /// A whole number is the count even when it starts with `-`, so `prime-modal-demo -3` is about -3, and so is
  /// `prime-modal-demo -- -3`; numbers are read as `set` reads them (``WholeNumber``: decimal digits after an
  /// optional sign). The favourites given must be ones the modal's button would save, one by one.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    var count: Int?
    var favorites: [Int]?
    var trace = false
    var remaining = arguments[...]
    var onlyCounts = false
    while let argument = remaining.popFirst() {
      if !onlyCounts {
        if argument == "--help" || argument == "-h" {
          return .success(.help)
        }
        if argument == "--" {
          onlyCounts = true
          continue
        }
        if argument == "--trace" || argument.hasPrefix("--trace=") {
          guard argument == "--trace" else { return .failure(UsageError("'--trace' takes no value")) }
          guard !trace else { return .failure(UsageError("'--trace' is given twice")) }
          trace = true
          continue
        }
        if argument == "--favorites" || argument.hasPrefix("--favorites=") {
          guard favorites == nil else { return .failure(UsageError("'--favorites' is given twice")) }
          let attached = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
          let value = optionValue(
            "--favorites", attached: attached, remaining: &remaining, kind: .number,
            needs: "primes separated by commas", example: "3,5"
          ).flatMap(parseFavorites)
          switch value {
          case .success(let primes): favorites = primes
          case .failure(let error): return .failure(error)
          }
          continue
        }
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
      case .notANumber where argument.hasPrefix("-") && !onlyCounts:
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      case .notANumber:
        return .failure(UsageError("COUNT must be a whole number, like 7; got \(Echo.quote(argument))"))
      }
    }
    return .success(.run(Options(count: count ?? 7, favorites: favorites ?? [], trace: trace)))
  }

  /// `3,5` as favourites, each saved as the modal's button would save it.
  private static func parseFavorites(_ text: String) -> Result<[Int], UsageError> {
    var numbers: [Int] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard case let .value(number) = WholeNumber(word) else {
        return .failure(
          UsageError("'--favorites' needs primes separated by commas, like '--favorites 3,5'; got \(Echo.quote(word))")
        )
      }
      numbers.append(number)
    }
    return PrimeModalState.favorites(savingEachOf: numbers).mapError { problem in
      if case let .alreadyFavorite(prime) = problem {
        return UsageError("'--favorites' gives \(prime) twice; list each favorite prime once")
      }
      return UsageError("'--favorites': \(problem.description.dropLast())")
    }
  }

  /// What `--help` prints.
  static let usage = """
    USAGE: prime-modal-demo [--favorites P,P,...] [--trace] [--] [COUNT]

    Runs PrimeTime's is-this-prime modal alone, about COUNT, with the favorite primes kept in memory: the
    modal says whether COUNT is prime and offers to save it to, or remove it from, the favorite primes.

    Reads commands one per line, typed at the prompt or piped in:
      \(PrimeModalCommand.table.specs.map(\.name).joined(separator: ", ")), state, trace, help, quit
    Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole
    state, and 'trace on' shows every action with the change it made to the state, until 'trace off'.

    ARGUMENTS:
      COUNT                 The whole number the modal is about (default 7); '--' may come before it,
                            as in 'prime-modal-demo -- -3'.

    OPTIONS:
      --favorites P,P,...   The favorite primes to start with (default none); each must be prime and
                            given once.
      --trace               Start with the trace on, as 'trace on' does.
      -h, --help            Show this help and exit.

    EXAMPLES:
      printf 'prime\\nfav\\nfavorites\\n' | prime-modal-demo --favorites 3,5 13
      printf 'fav\\nunfav\\n' | prime-modal-demo --trace 13

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}
