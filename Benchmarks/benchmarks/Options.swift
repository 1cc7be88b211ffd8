import CommandLineInterface
import Platform

/// What the command line asked for: `benchmarks [--json] [--quick] [--iterations N] [FILTER]`, as
/// ``interface(benchmarkNames:)`` declares it.
struct Options: Equatable {
  /// Print a JSON array instead of a table.
  var json = false
  /// Use ``Harness/Configuration/quick`` instead of the standard configuration.
  var quick = false
  /// Keep only the benchmarks whose name contains this; `nil` keeps all.
  var filter: String?
  /// Run each benchmark once, untimed, with exactly this many operations; `nil` times them as usual.
  var iterations: Int?

  /// What `--version` prints.
  static let version = "benchmarks 0.7.0"

  /// The command line, declared once, with `--help` listing `benchmarkNames`: the parser, `--help`,
  /// `--version` and `--completions SHELL` come from it.
  static func interface(benchmarkNames: [String]) -> CommandLineInterface<Options> {
    CommandLineInterface(
      name: "benchmarks",
      version: version,
      abstract: """
        Times PrimeTime's hot paths: the ComposableArchitecture store (send, scope, forEach), its dependency \
        system, SQLite saves and loads, the app's commands, the nth-prime engine and the trace. For each \
        benchmark, prints the median time per operation over several runs, and the fastest and slowest run.
        """,
      discussion: ["Build with -c release for meaningful numbers."],
      flags: [
        .switch(
          "--json",
          help: "Print a JSON array of objects with name, ns_per_op (the median), min_ns, max_ns, iterations "
            + "(per run) and runs, instead of a table."
        ) { $0.json = true },
        .switch(
          "--quick",
          help: "Take \(runs(.quick)) per benchmark instead of \(runs(.standard)), for smoke tests; the numbers "
            + "are noisy."
        ) { $0.quick = true },
        .option(
          "--iterations",
          .init(placeholder: "N", kind: .number, needs: "a positive whole number", example: "1000"),
          help: "Run each benchmark once with exactly N operations, untimed, and print one line per benchmark: "
            + "for instruction counters such as valgrind --tool=callgrind (see Benchmarks/callgrind-send.sh)."
        ) { options, text in
          guard case let .value(count) = WholeNumber(text), count > 0 else {
            return UsageError(
              "'--iterations' needs a positive whole number, like '--iterations 1000'; got \(Echo.quote(text))"
            )
          }
          options.iterations = count
          return nil
        },
      ],
      arguments: .init(placeholder: "FILTER", help: "Run only the benchmarks whose name contains FILTER.") {
        options, text in
        options.filter = text
        return nil
      },
      sections: [
        .init("BENCHMARKS", benchmarkNames.map { ("", $0) }),
        .init(
          "EXIT STATUS",
          paragraph: "0 on success, 1 if FILTER matches no benchmark, 64 on a command-line error."
        ),
      ]
    )
  }

  /// "7 runs of about 75 ms", for the help text.
  private static func runs(_ configuration: Harness.Configuration) -> String {
    "\(configuration.runs) runs of about \(Int(Harness.nanoseconds(configuration.runTime) / 1e6)) ms"
  }
}
