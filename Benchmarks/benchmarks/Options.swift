/// What the command line asked for, parsed from the arguments after the program name.
struct Options: Equatable {
  /// Print a JSON array instead of a table.
  var json = false
  /// Use ``Harness/Configuration/quick`` instead of the standard configuration.
  var quick = false
  /// Keep only the benchmarks whose name contains this; `nil` keeps all.
  var filter: String?
  /// Run each benchmark once, untimed, with exactly this many operations; `nil` times them as usual.
  var iterations: Int?

  /// The outcome of parsing: run with options, or show the usage.
  enum Parsed: Equatable {
    case run(Options)
    case help
  }

  /// A command line that cannot be run; `message` says what was wrong, in one line.
  struct UsageError: Error, Equatable {
    let message: String
  }

  /// Parses `arguments` (without the program name).
  ///
  /// `--help` (or `-h`) wins as soon as it is seen. Any other argument starting with `-` that is not an
  /// option is an error, as is a second filter.
  static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var options = Options()
    for argument in arguments {
      switch argument {
      case "--help", "-h":
        return .help
      case "--json":
        options.json = true
      case "--quick":
        options.quick = true
      case _ where argument.hasPrefix("--iterations="):
        let count = argument.dropFirst("--iterations=".count)
        guard let iterations = Int(count), iterations > 0 else {
          throw UsageError(message: "--iterations needs a positive whole number, got '\(count)'")
        }
        options.iterations = iterations
      case _ where argument.hasPrefix("-"):
        throw UsageError(message: "unknown option '\(argument)'")
      default:
        if let filter = options.filter {
          throw UsageError(message: "only one filter is allowed, got '\(filter)' and '\(argument)'")
        }
        options.filter = argument
      }
    }
    return .run(options)
  }

  /// The usage text `--help` prints, listing `benchmarkNames`.
  static func usage(benchmarkNames: [String]) -> String {
    let standard = Harness.Configuration.standard
    let quick = Harness.Configuration.quick
    return """
      USAGE: benchmarks [--json] [--quick] [--iterations=N] [FILTER]

      Times the ComposableArchitecture store and dependency system. For each benchmark, prints the median
      time per operation over several runs, and the fastest and slowest run. Build with -c release for
      meaningful numbers.

      ARGUMENTS:
        FILTER      Run only the benchmarks whose name contains FILTER.

      OPTIONS:
        --json      Print a JSON array of objects with name, ns_per_op (the median), min_ns, max_ns,
                    iterations (per run) and runs, instead of a table.
        --quick     Take \(runs(quick)) per benchmark instead of \(runs(standard)), for smoke tests;
                    the numbers are noisy.
        --iterations=N
                    Run each benchmark once with exactly N operations, untimed, and print one line
                    per benchmark: for instruction counters such as valgrind --tool=callgrind (see
                    Benchmarks/callgrind-send.sh).
        -h, --help  Show this help and exit.

      BENCHMARKS:
      \(benchmarkNames.map { "  " + $0 }.joined(separator: "\n"))

      EXIT STATUS: 0 on success, 1 if FILTER matches no benchmark, 2 on a command-line error.
      """
  }

  /// "7 runs of about 75 ms", for the help text.
  private static func runs(_ configuration: Harness.Configuration) -> String {
    "\(configuration.runs) runs of about \(Int(Harness.nanoseconds(configuration.runTime) / 1e6)) ms"
  }
}
