import Foundation
import Testing

/// The scripts in `Benchmarks/` (`compare-*.sh`, `callgrind-send.sh`) build release binaries and run for
/// minutes, so no test runs them whole; these keep them from rotting: each parses, answers `--help` with its
/// usage, refuses an unknown argument with status 64, and names only benchmarks that exist.
@Suite("Benchmarks/ scripts", .timeLimit(.minutes(2)))
struct BenchmarkScriptsTests {
  /// The package's `Benchmarks/` directory, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Benchmarks", isDirectory: true)

  /// Every `.sh` file in `Benchmarks/` that is run (it is executable), by name; `statistics.sh` is sourced.
  static let scripts: [String] = shellFiles.filter { name in
    access(directory.appendingPathComponent(name).path, X_OK) == 0
  }

  /// Every `.sh` file in `Benchmarks/`, by name.
  static let shellFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".sh") }.sorted()
  }()

  /// What `bash ARGUMENTS` did: its status, standard output and standard error; killed after 30 seconds.
  static func bash(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let (exited, exit) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exit.finish() }
    try process.run()
    let timer = Task {
      try await Task.sleep(for: .seconds(30))
      process.terminate()
    }
    // The scripts' help and errors are a few lines, far below a pipe's capacity: reading after the exit is safe.
    // A cancelled test (its time limit) stops the script and ends here: the stream ends at once on
    // cancellation, and reading the status of a child still running would stop the whole test process.
    await withTaskCancellationHandler {
      for await _ in exited {}
    } onCancel: {
      process.terminate()
    }
    timer.cancel()
    try Task.checkCancellation()
    let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, out, err)
  }

  /// A script run cancelled before it ends (a test's time limit) stops it and throws; reading the status of a
  /// child still running stopped the whole test process.
  @Test func aCancelledRunStopsTheScriptAndThrows() async throws {
    let run = Task { try await Self.bash(["-c", "sleep 30"]) }
    try await Task.sleep(for: .milliseconds(200))
    run.cancel()
    await #expect(throws: CancellationError.self) { try await run.value }
  }

  @Test func theScriptsAreFound() {
    #expect(Self.scripts.contains("compare-script.sh"))
    #expect(Self.scripts.contains("compare-launch.sh"))
  }

  /// The statistics the compare scripts print are computed once, in the file they all source, which is not
  /// itself a script to run.
  @Test func theCompareScriptsShareOneFileOfStatistics() throws {
    #expect(Self.shellFiles.contains("statistics.sh"))
    #expect(!Self.scripts.contains("statistics.sh"))
    for name in Self.scripts where name.hasPrefix("compare-") {
      let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
      #expect(text.contains("source Benchmarks/statistics.sh"), "\(name) sources the shared statistics")
      #expect(!text.contains("median() {"), "\(name) defines no median of its own")
    }
  }

  @Test(arguments: scripts)
  func parsesAndAnswersHelpWithItsUsage(script: String) async throws {
    let path = Self.directory.appendingPathComponent(script).path
    let syntax = try await Self.bash(["-n", path])
    #expect(syntax.status == 0, "\(syntax.stderr)")

    let help = try await Self.bash([path, "--help"])
    #expect(help.status == 0, "\(help.stderr)")
    #expect(help.stdout.contains("usage: Benchmarks/\(script)"))
    #expect(help.stderr == "")
  }

  @Test(arguments: scripts)
  func refusesAnUnknownArgumentWithStatus64(script: String) async throws {
    let run = try await Self.bash([Self.directory.appendingPathComponent(script).path, "--no-such-option"])
    #expect(run.status == 64)
    #expect(run.stdout == "")
    #expect(run.stderr == "\(script): unknown argument '--no-such-option'; try --help\n")
  }

  /// A benchmark a script runs by name (`benchmarks --json NAME`, `--iterations=N NAME`) must exist: a renamed
  /// one would leave the script measuring nothing.
  @Test(arguments: scripts)
  func namesOnlyBenchmarksThatExist(script: String) throws {
    let text = try String(contentsOf: Self.directory.appendingPathComponent(script), encoding: .utf8)
    let pattern = try Regex(#"benchmarks"? --json ([a-z0-9][a-z0-9.-]*)"#)
    for match in text.matches(of: pattern) {
      guard let name = match.output[1].substring.map(String.init) else { continue }
      #expect(BenchmarksTests.allNames.contains(name), "\(script) runs '\(name)', which is no benchmark")
    }
  }
}
