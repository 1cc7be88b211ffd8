import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end tests of the `benchmarks` command line: they run the built binary as a subprocess with
/// `--quick` and check its output and exit status, never its timings.
@Suite("benchmarks executable", .timeLimit(.minutes(5)))
struct BenchmarksTests {
  /// The built `benchmarks` binary; a run may take minutes on a slow machine, never forever.
  static func run(_ arguments: [String]) async throws -> ExecutableRun {
    try await Executable("benchmarks").run(arguments, timeout: .seconds(300))
  }

  /// One object of the `--json` array.
  struct Entry: Decodable {
    let name: String
    let nsPerOp: Double
    let minNs: Double
    let maxNs: Double
    let iterations: Int
    let runs: Int

    enum CodingKeys: String, CodingKey {
      case name
      case nsPerOp = "ns_per_op"
      case minNs = "min_ns"
      case maxNs = "max_ns"
      case iterations
      case runs
    }
  }

  /// The dependency benchmarks, in the order they run; `deps` matches exactly these.
  static let dependencyNames = [
    "deps.read.overridden",
    "deps.read.default",
    "deps.read.default-client",
    "deps.read.property-wrapper",
    "deps.with.empty",
    "deps.with.one",
    "deps.reducer.override1",
    "deps.reducer.override4-fused",
    "deps.nested4",
  ]

  /// The SQLite benchmarks, in the order they run; `sqlite` matches exactly these.
  static let sqliteNames = ["sqlite.save.100k", "sqlite.load.100k", "sqlite.raw.insert.100k"]

  /// The app benchmarks, in the order they run; `app.` matches exactly these.
  static let appNames = [
    "app.send.incr", "app.command.incr", "app.parse.incr", "app.render.counter", "app.fav.at-100", "app.fav.at-100k",
  ]

  static let nthPrimeNames = [
    "nthprime.1e6", "nthprime.1e7", "nthprime.1e8", "nthprime.1e9", "nthprime.1e10", "nthprime.1e11", "nthprime.1e12",
  ]

  static let traceNames = ["trace.entry.append.1m", "trace.off.send.depth3"]

  static let allNames = [
    "store.send.depth3",
    "baseline.send.depth3",
    "store.scope.send.depth1",
    "store.scope.send.depth5",
    "store.scope.send.depth10",
    "store.forEach.remove-all-running.100",
    "store.forEach.remove-all-running.4000",
    "store.presentation.send",
    "store.stack.push-pop",
  ] + dependencyNames + sqliteNames + appNames + nthPrimeNames + traceNames

  @Test func jsonWithFilterPrintsExactlyTheMatchingBenchmarksWithPositiveTimes() async throws {
    let result = try await Self.run(["--quick", "--json", "store.send"])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == ["store.send.depth3"])
    for entry in entries {
      #expect(entry.nsPerOp > 0)
      #expect(entry.minNs > 0 && entry.minNs <= entry.nsPerOp && entry.nsPerOp <= entry.maxNs)
      #expect(entry.iterations > 0)
      #expect(entry.runs > 0)
    }
  }

  @Test func jsonIsAnArrayOfObjectsThatJSONSerializationAccepts() async throws {
    let result = try await Self.run(["--json", "--quick", "store.scope"])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    let array = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    #expect(array.compactMap { $0["name"] as? String }
      == ["store.scope.send.depth1", "store.scope.send.depth5", "store.scope.send.depth10"])
    for object in array {
      let nanoseconds = try #require(object["ns_per_op"] as? Double)
      #expect(nanoseconds > 0)
    }
  }

  @Test func jsonWithSQLiteFilterPrintsTheThreeSQLiteBenchmarksAndLeavesNoFilesBehind() async throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("BenchmarksTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    let result = try await Executable("benchmarks").run(
      ["--json", "--quick", "sqlite"],
      environment: ["TMPDIR": scratch.path],
      timeout: .seconds(300)
    )

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stderr.isEmpty, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == Self.sqliteNames)
    #expect(entries.allSatisfy { $0.nsPerOp > 0 })
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }

  @Test func jsonWithTheAppFilterPrintsTheAppBenchmarksAndLeavesNoFilesBehind() async throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("BenchmarksTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    let result = try await Executable("benchmarks").run(
      ["--json", "--quick", "app."],
      environment: ["TMPDIR": scratch.path],
      timeout: .seconds(300)
    )

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stderr.isEmpty, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == Self.appNames)
    #expect(entries.allSatisfy { $0.nsPerOp > 0 })
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }

  @Test func jsonWithAnNthPrimeFilterPrintsThatBenchmark() async throws {
    let result = try await Self.run(["--quick", "--json", "nthprime.1e6"])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == ["nthprime.1e6"])
    #expect(entries.allSatisfy { $0.nsPerOp > 0 })
  }

  @Test func jsonWithTheTraceFilterPrintsTheTwoTraceBenchmarks() async throws {
    let result = try await Self.run(["--quick", "--json", "trace."])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == Self.traceNames)
    #expect(entries.allSatisfy { $0.nsPerOp > 0 })
  }

  @Test func jsonWithDepsFilterPrintsExactlyTheEightDependencyBenchmarksWithPositiveTimes() async throws {
    let result = try await Self.run(["--json", "--quick", "deps"])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stderr.isEmpty, "stderr: \(result.stderrText)")
    let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
    #expect(entries.map(\.name) == Self.dependencyNames)
    for entry in entries {
      #expect(entry.nsPerOp > 0, "\(entry.name) took \(entry.nsPerOp) ns per operation")
      #expect(entry.iterations > 0)
      #expect(entry.runs > 0)
    }
  }

  /// Every benchmark runs in another test of this suite, or in its module's tests; here, the table (a debug
  /// build of all of them would take long enough to starve the other tests of the two cores).
  @Test func tableListsEachMatchingBenchmarkOnItsOwnRow() async throws {
    let result = try await Self.run(["--quick", "store."])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    let rows = result.stdoutText.split(separator: "\n").drop { !$0.hasPrefix("name ") }
    let storeNames = Self.allNames.filter { $0.hasPrefix("store.") }
    #expect(rows.count == 1 + storeNames.count)
    for name in storeNames {
      #expect(rows.contains { $0.split(separator: " ").first.map(String.init) == name }, "missing row for \(name)")
    }
    #expect(result.stderr.isEmpty)
  }

  /// `--iterations=N` is for instruction counters such as callgrind: one untimed run of exactly N operations
  /// per benchmark, and one line saying so.
  @Test func iterationsRunsEachMatchingBenchmarkOnceWithThatCountAndPrintsOneLineEach() async throws {
    let result = try await Self.run(["--iterations=1000", "send.depth3"])

    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdoutText
        == "store.send.depth3: 1000 iterations\nbaseline.send.depth3: 1000 iterations\n"
        + "trace.off.send.depth3: 1000 iterations\n"
    )
  }

  /// A usage error exits 64, as every PrimeTime program's does (it was 2 before the shared parser).
  @Test func unknownFlagExitsWithStatus64AndOneLineOnStderrPointingToHelp() async throws {
    let result = try await Self.run(["--no-such-flag"])

    #expect(result.exited && result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "benchmarks: unknown option '--no-such-flag'. Try 'benchmarks --help'.\n")
  }

  @Test func filterMatchingNothingExitsWithStatus1AndOneLineOnStderr() async throws {
    let result = try await Self.run(["--quick", "no-benchmark-has-this-name"])

    #expect(result.exited && result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrText.contains("no-benchmark-has-this-name"))
  }

  @Test func helpExitsWithStatus0AndDocumentsTheOptionsAndBenchmarks() async throws {
    let result = try await Self.run(["--help"])

    #expect(result.exited && result.status == 0)
    #expect(result.stderr.isEmpty)
    for word in ["USAGE", "--json", "--quick", "--iterations", "--help"] + Self.allNames {
      #expect(result.stdoutText.contains(word), "help does not mention \(word)")
    }
  }
}

/// `benchmarks` has the command line every PrimeTime program has: `--version`, `--completions SHELL`, and
/// `--iterations N` as well as `--iterations=N`.
@Suite("benchmarks command line", .timeLimit(.minutes(5)))
struct BenchmarksCommandLineTests {
  @Test func versionPrintsTheVersionAndExitsZero() async throws {
    let result = try await BenchmarksTests.run(["--version"])
    #expect(result.exited && result.status == 0)
    #expect(result.stdoutText == "benchmarks \(releaseVersion)\n")
    #expect(result.stderr.isEmpty)
  }

  /// bash reads the script without a syntax error (`bash -n`), and sourcing it registers the completion
  /// function.
  @Test func theBashCompletionScriptIsOneBashAccepts() async throws {
    let result = try await Executable("benchmarks").run(
      launcher: [
        "/bin/bash", "-c",
        """
        script=$("$0" --completions bash) || exit 9
        /bin/bash -n -c "$script" || exit 8
        eval "$script"
        complete -p "${0##*/}"
        """,
      ]
    )
    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutText == "complete -F _benchmarks benchmarks\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func iterationsTakesItsValueAsTheNextArgumentToo() async throws {
    let result = try await BenchmarksTests.run(["--iterations", "10", "store.send.depth3"])
    #expect(result.exited && result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutText == "store.send.depth3: 10 iterations\n")
  }

  @Test(
    arguments: [
      (["--iterations", "0"], "'--iterations' needs a positive whole number, like '--iterations 1000'; got '0'"),
      (["--iterations"], "'--iterations' needs a positive whole number, like '--iterations 1000'"),
      (["one", "two"], "only one FILTER is taken; got 2 arguments"),
      (["--json", "--json"], "'--json' is given twice"),
    ]
  )
  func aUsageErrorExitsWith64AndOneLine(arguments: [String], message: String) async throws {
    let result = try await BenchmarksTests.run(arguments)
    #expect(result.exited && result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "benchmarks: \(message). Try 'benchmarks --help'.\n")
  }
}
