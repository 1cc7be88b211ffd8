/// The `benchmarks` command: runs the benchmarks the options select and prints the results.
///
/// Results go to standard output; a filter that matches nothing goes to standard error as one line.
/// ``run(_:benchmarks:)`` returns the exit status instead of exiting, so callers decide when the process ends.
/// The command line is read before, by ``Options/interface(benchmarkNames:)``, which ends the process on
/// `--help`, `--version`, `--completions SHELL` and on a usage error (status 64).
@MainActor
enum BenchmarksCommand {
  /// Exit status for success.
  static let success: Int32 = 0
  /// Exit status when the filter matches no benchmark.
  static let noMatch: Int32 = 1

  /// Runs the benchmarks of `benchmarks` that `options` select, returning the exit status.
  static func run(_ options: Options, benchmarks: [Benchmark] = StoreBenchmarks.all) async -> Int32 {
    let selected = benchmarks.filter { options.filter.map($0.name.contains) ?? true }
    guard !selected.isEmpty else {
      StandardError.writeLine(
        "benchmarks: no benchmark name contains '\(options.filter ?? "")'; 'benchmarks --help' lists them."
      )
      return noMatch
    }

    defer { BenchmarkFiles.removeAll() }
    if let iterations = options.iterations {
      for benchmark in selected {
        await benchmark.prepare()(iterations)
        print("\(benchmark.name): \(iterations) iterations")
      }
      return success
    }

    let configuration: Harness.Configuration = options.quick ? .quick : .standard
    let harness = Harness(configuration: configuration)
    if options.json {
      var measurements: [Measurement] = []
      for benchmark in selected {
        measurements.append(await harness.measure(benchmark))
      }
      print(Report.json(measurements))
    } else {
      await printTable(selected, harness: harness)
    }
    return success
  }

  /// Prints the table a row at a time, as each benchmark finishes.
  private static func printTable(_ benchmarks: [Benchmark], harness: Harness) async {
    let configuration = harness.configuration
    #if DEBUG
      print("note: debug build; use 'swift run -c release benchmarks' for meaningful numbers.")
    #endif
    let milliseconds = Report.fixed(Harness.nanoseconds(configuration.runTime) / 1e6, decimals: 0)
    print(
      "\(configuration.runs) runs of ~\(milliseconds) ms per benchmark;"
        + " ns/op is the median run, min and max the fastest and slowest."
    )
    let nameWidth = Report.nameWidth(for: benchmarks.map(\.name))
    print(Report.tableHeader(nameWidth: nameWidth))
    for benchmark in benchmarks {
      print(Report.tableRow(await harness.measure(benchmark), nameWidth: nameWidth))
    }
  }
}
