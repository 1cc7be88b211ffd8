import FavoritePrimesTerminal
import REPL

/// What the command line asked for:
/// `favorite-primes-demo [--stored P,P,...] [--fail-load] [--fail-save] [--trace]`, or `--help`.
struct Options: Equatable {
  /// What the in-memory store holds at the start: by default the list the screen starts with; any whole
  /// numbers, as a database another program changed could hold.
  var stored = [2, 3, 5, 7]
  /// Whether every load fails (`--fail-load`).
  var failsLoading = false
  /// Whether every save fails (`--fail-save`).
  var failsSaving = false
  /// Whether the trace starts on (`--trace`), as `trace on` would switch it.
  var trace = false

  /// Parses `arguments` (without the program name); `--help` (or `-h`) wins as soon as it is seen.
  static func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    var options = Options()
    var remaining = arguments[...]
    var storedGiven = false
    var switches: Set<String> = []
    while let argument = remaining.popFirst() {
      let name = String(argument.prefix { $0 != "=" })
      switch argument {
      case "--help", "-h":
        return .success(.help)
      case _ where ["--fail-load", "--fail-save", "--trace"].contains(name):
        guard argument == name else { return .failure(UsageError("'\(name)' takes no value")) }
        guard switches.insert(name).inserted else { return .failure(UsageError("'\(name)' is given twice")) }
        switch name {
        case "--fail-load": options.failsLoading = true
        case "--fail-save": options.failsSaving = true
        default: options.trace = true
        }
      case _ where argument == "--stored" || argument.hasPrefix("--stored="):
        guard !storedGiven else { return .failure(UsageError("'--stored' is given twice")) }
        storedGiven = true
        let attached = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
        let value = optionValue(
          "--stored", attached: attached, remaining: &remaining, kind: .number, needs: storedNeeds, example: "2,31"
        ).flatMap(stored)
        switch value {
        case .success(let stored): options.stored = stored
        case .failure(let error): return .failure(error)
        }
      case _ where argument.hasPrefix("-"):
        return .failure(UsageError("unknown option \(Echo.quote(argument))"))
      default:
        return .failure(UsageError("favorite-primes-demo takes no arguments; got \(Echo.quote(argument))"))
      }
    }
    return .success(.run(options))
  }

  /// What `--stored` takes, after "needs".
  private static let storedNeeds = "whole numbers separated by commas"

  /// `text` as `--stored`'s list: whole numbers (``WholeNumber``, as `set` reads them) between single commas.
  private static func stored(_ text: String) -> Result<[Int], UsageError> {
    var values: [Int] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard case let .value(value) = WholeNumber(String(word)) else {
        return .failure(UsageError("'--stored' needs \(storedNeeds), like '--stored 2,31'; got \(Echo.quote(text))"))
      }
      values.append(value)
    }
    return .success(values)
  }

  /// What `--help` prints.
  static let usage = """
    USAGE: favorite-primes-demo [--stored P,P,...] [--fail-load] [--fail-save] [--trace]

    Runs PrimeTime's favorite primes screen alone. The list starts as 2, 3, 5, 7, and so does a store kept in
    memory for the session: 'save' sends it the changes made since the last save (the deletes), 'load'
    replaces the list with what it holds, with the changes not saved yet applied on top. With --stored it
    holds something else, as if another program had changed it: the first save then brings back what it
    holds, with the changes applied. 'export FILE' and 'import FILE' use files kept in memory too; 'backup'
    and 'check' are refused, as there is no database.

    Reads commands one per line, typed at the prompt or piped in:
      \(FavoritePrimesCommand.table.specs.map(\.name).joined(separator: ", ")), state, trace, help, quit
    Type 'help' at the prompt for what each one does. As a playground: 'state' prints the whole state, and
    'trace on' shows every action with the change it made to the state, until 'trace off'.

    OPTIONS:
      --stored P,P,...  What the store holds at the start (default 2,3,5,7). Values that are not primes,
                        and repeats, show what 'load' does with a database another program changed.
      --fail-load       Every 'load' fails, as when another program keeps the database locked.
      --fail-save       Every 'save' fails, as on a full disk.
      --trace           Start with the trace on, as 'trace on' does.
      -h, --help        Show this help and exit.

    EXAMPLES:
      printf 'delete 2 3\\nsave\\nload\\n' | favorite-primes-demo
      printf 'load\\n' | favorite-primes-demo --stored 2,8,2
      printf 'save\\nfavorites\\n' | favorite-primes-demo --fail-save
      printf 'delete 1\\nload\\n' | favorite-primes-demo --trace

    EXIT STATUS: 0 on success, 1 if a piped command failed, 64 on a command-line error.
    """
}
