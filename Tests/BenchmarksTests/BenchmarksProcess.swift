import Foundation

/// Runs the `benchmarks` executable built next to this test bundle and captures what it printed.
///
/// The binary is looked up in the build products directory the tests run from (`swift build` puts every
/// product of the package there); set `BENCHMARKS_BINARY` to a path to use another binary. Output goes
/// through temporary files, not pipes, so a chatty child can never block on a full pipe.
enum BenchmarksProcess {
  /// What one run of the executable did.
  struct Result {
    /// The exit status; meaningful only when ``exited`` is true.
    let status: Int32
    /// Whether the process exited normally rather than being killed by a signal.
    let exited: Bool
    let stdout: Data
    let stderr: Data

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// The lines written to standard error, without the final newline's empty line.
    var stderrLines: [Substring] {
      stderrText.split(separator: "\n", omittingEmptySubsequences: false).dropLast(stderrText.hasSuffix("\n") ? 1 : 0)
        .map { $0 }
    }
  }

  /// Why the executable could not be run.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let executableName = "benchmarks"

  /// Runs the executable with `arguments`, killing it and throwing if it is still running after `timeout`.
  static func run(_ arguments: [String], timeout: Duration = .seconds(300)) throws -> Result {
    let executable = try executableURL()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("BenchmarksTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    for url in [stdoutURL, stderrURL] {
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw Failure(description: "could not create \(url.path)")
      }
    }
    let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
    defer { try? stdoutHandle.close() }
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer { try? stderrHandle.close() }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdoutHandle
    process.standardError = stderrHandle
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    if finished.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      finished.wait()
      throw Failure(description: "\(executable.path) \(arguments.joined(separator: " ")) ran longer than \(timeout)")
    }
    return Result(
      status: process.terminationStatus,
      exited: process.terminationReason == .exit,
      stdout: try Data(contentsOf: stdoutURL),
      stderr: try Data(contentsOf: stderrURL)
    )
  }

  /// The `benchmarks` binary: `BENCHMARKS_BINARY` if set, else the first found in the directories holding
  /// this test executable or bundle, or in their parents (on macOS the bundle's executable is nested three
  /// levels inside the products directory).
  static func executableURL() throws -> URL {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["BENCHMARKS_BINARY"], !override.isEmpty {
      guard fileManager.isExecutableFile(atPath: override) else {
        throw Failure(description: "BENCHMARKS_BINARY=\(override) is not an executable file")
      }
      return URL(fileURLWithPath: override)
    }
    var starts: [URL] = []
    #if os(Linux)
      if let path = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        starts.append(URL(fileURLWithPath: path))
      }
    #endif
    if let first = CommandLine.arguments.first {
      starts.append(URL(fileURLWithPath: first).resolvingSymlinksInPath())
    }
    if let executable = Bundle.main.executableURL {
      starts.append(executable.resolvingSymlinksInPath())
    }
    starts.append(contentsOf: Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" })
    starts.append(Bundle.main.bundleURL)

    var searched: [String] = []
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(executableName)
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
          fileManager.isExecutableFile(atPath: candidate.path)
        {
          return candidate
        }
        searched.append(directory.path)
        directory = directory.deletingLastPathComponent()
      }
    }
    throw Failure(
      description: "no '\(executableName)' executable found near the test bundle; searched "
        + Set(searched).sorted().joined(separator: ", ")
        + ". Build it first (swift build --build-tests) or set BENCHMARKS_BINARY."
    )
  }
}
