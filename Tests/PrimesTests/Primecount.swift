import Foundation

import Platform

/// Kim Walisch's `primecount` (Debian's package of that name), run as a subprocess: the independent answer
/// the engine is cross-checked against where it is installed.
struct Primecount: Sendable {
  /// The binary.
  let url: URL

  /// The first `primecount` in `PATH`, or nil.
  static func find() -> Primecount? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("primecount")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return Primecount(url: candidate) }
    }
    return nil
  }

  /// `primecount --nth-prime n -t1`, the nth prime, single-threaded.
  func nthPrime(_ n: Int) async throws -> Int {
    try await answer(["--nth-prime", String(n), "-t1"])
  }

  /// Runs the binary with `arguments` and reads the one number it prints; kills it after `timeout`.
  private func answer(_ arguments: [String], timeout: Duration = .seconds(30)) async throws -> Int {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("primecount-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw PrimecountFailure(description: "could not create \(output.path)")
    }
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    let (exited, exit) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exit.finish() }
    try process.run()
    let processIdentifier = process.processIdentifier
    let timer = Task {
      try await Task.sleep(for: timeout)
      kill(processIdentifier, SIGKILL)
    }
    // A cancelled test (its time limit) kills the child and ends here: the stream ends at once on
    // cancellation, and reading the status of a child still running would stop the whole test process.
    await withTaskCancellationHandler {
      for await _ in exited {}
    } onCancel: {
      kill(processIdentifier, SIGKILL)
    }
    timer.cancel()
    try Task.checkCancellation()
    let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationReason == .exit, process.terminationStatus == 0, let value = Int(text) else {
      throw PrimecountFailure(description: "primecount \(arguments.joined(separator: " ")) answered '\(text)'")
    }
    return value
  }
}

/// `primecount` did not answer with a number.
struct PrimecountFailure: Error, CustomStringConvertible {
  let description: String
}
