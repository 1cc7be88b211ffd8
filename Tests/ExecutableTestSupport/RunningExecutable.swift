import Foundation
public import Testing

import Platform

/// An executable of this package running piped, fed standard input line by line while the test watches its
/// output: for tests that act in the middle of a run (send a signal once something was saved).
///
/// ```swift
/// let running = try RunningExecutable(Executable("primetime"), arguments: ["--db", path], environment: env)
/// try running.write("set 7\nfav\n")
/// try await running.waitForOutput("Remove from favorite primes")
/// running.send(signal: SIGTERM)
/// let run = try await running.waitForExit()
/// ```
///
/// Standard output and error go to temporary files (removed when the value is released), standard input is a
/// pipe kept open until ``closeInput()``. The child is killed if it is still running when released. A session
/// of an executable with a ``SessionReplay`` is recorded, and replayed by ``waitForExit(timeout:sourceLocation:)``.
public final class RunningExecutable: Sendable {
  private let process: ChildProcess
  private let session: RecordedSession?
  private let input: FileHandle
  private let directory: URL
  private let stdoutURL: URL
  private let stderrURL: URL
  private let start = ContinuousClock.now

  /// Starts `executable` with `arguments`, this process's environment plus `environment`.
  ///
  /// A session is recorded as ``Executable/run(_:input:environment:launcher:timeout:sessionReplay:sourceLocation:)``
  /// records one, unless `sessionReplay` skips it.
  ///
  /// - Throws: ``ExecutableFailure`` when the binary is not found or cannot start.
  public init(
    _ executable: Executable,
    arguments: [String] = [],
    environment: [String: String] = [:],
    sessionReplay: SessionReplay.Check = .checked
  ) throws {
    let url = try executable.url()
    session = try RecordedSession(executable, arguments: arguments, check: sessionReplay)
    let arguments = session?.arguments ?? arguments
    let fileManager = FileManager.default
    directory = fileManager.temporaryDirectory
      .appendingPathComponent("\(executable.name)-running-\(UUID().uuidString)", isDirectory: true)
    try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    stdoutURL = directory.appendingPathComponent("stdout")
    stderrURL = directory.appendingPathComponent("stderr")
    for url in [stdoutURL, stderrURL] where !fileManager.createFile(atPath: url.path, contents: Data()) {
      throw ExecutableFailure(description: "could not create \(url.path)")
    }
    let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
    defer { try? stdoutHandle.close() }
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer { try? stderrHandle.close() }
    let pipe = Pipe()
    input = pipe.fileHandleForWriting
    process = try ChildProcess(
      path: url.path, arguments: arguments, environment: environment,
      standardInput: pipe.fileHandleForReading.fileDescriptor, standardOutput: stdoutHandle.fileDescriptor,
      standardError: stderrHandle.fileDescriptor
    )
    try? pipe.fileHandleForReading.close()
  }

  deinit {
    process.send(signal: SIGKILL)
    try? input.close()
    try? FileManager.default.removeItem(at: directory)
  }

  /// The child's process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Writes `text` to the child's standard input.
  public func write(_ text: String) throws {
    try input.write(contentsOf: Data(text.utf8))
  }

  /// Closes the child's standard input: end of input.
  public func closeInput() throws {
    try input.close()
  }

  /// Sends `signal` to the child.
  public func send(signal: Int32) {
    process.send(signal: signal)
  }

  /// Everything written to standard output so far, as UTF-8.
  public var stdoutText: String {
    String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
  }

  /// Everything written to standard error so far, as UTF-8.
  public var stderrText: String {
    String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
  }

  /// Waits until standard output holds `text` `count` times, polling every 10 ms.
  ///
  /// - Throws: ``ExecutableFailure`` with the output so far (its last 2,000 characters) when that does not
  ///   happen within `timeout`, or the child ends first.
  public func waitForOutput(_ text: String, count: Int = 1, timeout: Duration = hangBound) async throws {
    let deadline = ContinuousClock.now + timeout
    while stdoutText.components(separatedBy: text).count - 1 < count {
      guard process.isRunning, ContinuousClock.now < deadline else {
        throw ExecutableFailure(
          description: "\(process.isRunning ? "timed out" : "the process ended") waiting for \(text.debugDescription)"
            + " ×\(count); stdout: \(Self.tail(stdoutText)); stderr: \(Self.tail(stderrText))"
        )
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Waits for the child to end and returns what it did; kills it after `timeout`.
  ///
  /// A recorded session is then replayed, once: a replay that fails is an issue at `sourceLocation`, and
  /// ``ExecutableRun/replay`` says what it did.
  ///
  /// - Throws: ``ExecutableFailure`` when it had to be killed.
  public func waitForExit(
    timeout: Duration = hangBound,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ExecutableRun {
    // The exit is awaited (the reaper thread wakes this task), raced with the timeout.
    let process = self.process
    let ended = await withTaskGroup(of: ChildProcess.Termination?.self) { group in
      group.addTask { await process.waitForExit() }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      // Past the timeout the child is killed, which ends the wait the group still has to finish.
      if first == nil { process.send(signal: SIGKILL) }
      group.cancelAll()
      return first
    }
    guard let termination = ended else {
      throw ExecutableFailure(
        description: "still running after \(timeout); killed. stdout: \(Self.tail(stdoutText)); "
          + "stderr: \(Self.tail(stderrText))"
      )
    }
    let status = termination.status
    let exited = termination.exited
    let stdout = (try? Data(contentsOf: stdoutURL)) ?? Data()
    let stderr = (try? Data(contentsOf: stderrURL)) ?? Data()
    let duration = ContinuousClock.now - start
    let replay = await session?.check(endedBy: exited ? nil : status, sourceLocation: sourceLocation)
    return ExecutableRun(
      status: status, exited: exited, stdout: stdout, stderr: stderr, duration: duration, replay: replay
    )
  }

  /// `text` quoted, cut to its last 2,000 characters: a failure shows where the output stopped, not all of it.
  private static func tail(_ text: String) -> String {
    let limit = 2_000
    guard text.count > limit else { return text.debugDescription }
    return "…(\(text.count - limit) characters before) " + String(text.suffix(limit)).debugDescription
  }
}
