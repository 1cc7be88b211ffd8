public import Foundation
public import Testing

import Platform

/// An executable product of this package, run as a subprocess by end-to-end tests.
///
/// ```swift
/// let run = try Executable("counter-demo").run(["--delay", "0"], input: "+\nnth\n")
/// #expect(run.status == 0 && run.exited)
/// #expect(run.stdoutText == "- 1 +\n…")
/// ```
///
/// The binary is the one built next to the running test bundle: `swift build` and `swift test` put every
/// product of the package in one products directory. An environment variable, `COUNTER_DEMO_BINARY` for
/// `counter-demo` (the name upper-cased, `-` as `_`), points at another binary instead.
///
/// A product listed in ``SessionReplay/switchedOn`` has every session a test runs recorded and replayed: see
/// ``SessionReplay``.
public struct Executable: Sendable {
  /// The product name, which is the binary's file name.
  public let name: String
  /// How this executable's sessions are recorded and replayed after each test's session; nil for not at all.
  public var sessionReplay: SessionReplay?

  /// The executable product called `name`, whose sessions are recorded and replayed when
  /// ``SessionReplay/switchedOn`` lists it.
  public init(_ name: String) {
    self.init(name, sessionReplay: SessionReplay.switchedOn[name])
  }

  /// The executable product called `name`, whose sessions are recorded and replayed by `sessionReplay`.
  public init(_ name: String, sessionReplay: SessionReplay?) {
    self.name = name
    self.sessionReplay = sessionReplay
  }

  /// The environment variable that overrides where the binary is: `BENCHMARKS_BINARY` for `benchmarks`.
  public var overrideVariable: String {
    name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
  }

  /// Runs the binary with `arguments`, feeding it `input` on standard input, and returns what it did.
  ///
  /// Standard input, output and error are temporary files rather than pipes, so a child that writes a lot
  /// never blocks and the output is complete once it exits. With `input` nil, standard input is
  /// `/dev/null`. Either way it is not a terminal, so a REPL runs in its piped mode. The child inherits this
  /// process's environment, with `environment` added on top. A non-empty `launcher` is a command that runs
  /// the binary, such as `["/usr/bin/setpriv", "--reuid=nobody", …]`: the binary's path and `arguments` are
  /// appended to it.
  ///
  /// When the executable has a ``sessionReplay`` and `arguments` start a session, the session is recorded
  /// (the recording's arguments are put in front of `arguments`, a launcher's included) and, once it has
  /// ended, replayed: a replay that fails is recorded as an issue at `sourceLocation`, and
  /// ``ExecutableRun/replay`` says what it did. `sessionReplay` `.skipped(because:)` turns that off for a
  /// run where a recording cannot hold.
  ///
  /// - Throws: ``ExecutableFailure`` when the binary is not found or cannot start, when it is still
  ///   running after `timeout`, or when the awaiting task is cancelled first (it is then killed).
  public func run(
    _ arguments: [String] = [],
    input: String? = nil,
    environment: [String: String] = [:],
    launcher: [String] = [],
    timeout: Duration = hangBound,
    sessionReplay: SessionReplay.Check = .checked,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ExecutableRun {
    let executable = try url()
    let session = try RecordedSession(self, arguments: arguments, check: sessionReplay)
    // The arguments the child gets; `arguments`, as the test gave them, name the run in a failure.
    let childArguments = session?.arguments ?? arguments
    let fileManager = FileManager.default
    let directory = fileManager.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: directory) }

    let stdinURL = directory.appendingPathComponent("stdin")
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    for (url, contents) in [(stdinURL, Data((input ?? "").utf8)), (stdoutURL, Data()), (stderrURL, Data())] {
      guard fileManager.createFile(atPath: url.path, contents: contents) else {
        throw ExecutableFailure(description: "could not create \(url.path)")
      }
    }
    let stdinHandle = input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: stdinURL)
    defer { if input != nil { try? stdinHandle.close() } }
    let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
    defer { try? stdoutHandle.close() }
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer { try? stderrHandle.close() }

    let (path, spawnArguments) = launcher.first.map { command in
      (command, Array(launcher.dropFirst()) + [executable.path] + childArguments)
    } ?? (executable.path, childArguments)
    let start = ContinuousClock.now
    // The child is awaited, never waited for: a test blocking a thread would hold one of the few that run
    // every test's tasks and effects (two on a two-core machine).
    let process = try ChildProcess(
      path: path, arguments: spawnArguments, environment: environment,
      standardInput: stdinHandle.fileDescriptor, standardOutput: stdoutHandle.fileDescriptor,
      standardError: stderrHandle.fileDescriptor
    )
    let timer = Task {
      try await Task.sleep(for: timeout)
      process.send(signal: SIGTERM)
      try await Task.sleep(for: .seconds(5))
      process.send(signal: SIGKILL)
    }
    // The exit is awaited in a task of its own, which the test's cancellation (its time limit) does not end:
    // that cancellation kills the child instead, so the child never outlives the wait and its status is read
    // only once it has ended.
    let exitSeen = Task { await process.waitForExit() }
    let termination = await withTaskCancellationHandler {
      await exitSeen.value
    } onCancel: {
      process.send(signal: SIGKILL)
    }
    timer.cancel()
    if Task.isCancelled {
      throw ExecutableFailure(
        description: "\(([name] + arguments).joined(separator: " ")) was killed after \(ContinuousClock.now - start): "
          + "the test was cancelled (its time limit?) while waiting for it"
      )
    }
    guard termination.exited || ContinuousClock.now - start < timeout else {
      throw ExecutableFailure(
        description: "\(([name] + arguments).joined(separator: " ")) ran longer than \(timeout) and was killed"
      )
    }
    let status = termination.status
    let didExit = termination.exited
    let stdout = try Data(contentsOf: stdoutURL)
    let stderr = try Data(contentsOf: stderrURL)
    let duration = ContinuousClock.now - start
    let replay = await session?.check(endedBy: didExit ? nil : status, sourceLocation: sourceLocation)
    return ExecutableRun(
      status: status, exited: didExit, stdout: stdout, stderr: stderr, duration: duration, replay: replay
    )
  }

  /// The binary: the override variable's path if set, else the first `name` found in the directories
  /// holding this test executable or bundle, or in their parents (on macOS the bundle's executable is nested
  /// three levels inside the products directory).
  public func url() throws -> URL {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment[overrideVariable], !override.isEmpty {
      guard fileManager.isExecutableFile(atPath: override) else {
        throw ExecutableFailure(description: "\(overrideVariable)=\(override) is not an executable file")
      }
      return URL(fileURLWithPath: override)
    }
    var searched: [String] = []
    for start in Self.searchStarts() {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
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
    throw ExecutableFailure(
      description: "no '\(name)' executable found near the test bundle; searched "
        + Set(searched).sorted().joined(separator: ", ")
        + ". Build it first (swift build --build-tests) or set \(overrideVariable)."
    )
  }

  /// Where the running test binary or bundle is, by every means available.
  private static func searchStarts() -> [URL] {
    var starts: [URL] = []
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
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
    return starts
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}

/// What one run of an ``Executable`` did.
public struct ExecutableRun: Sendable {
  /// The exit status when ``exited`` is true; the number of the signal that ended the process otherwise.
  public let status: Int32
  /// Whether the process exited normally rather than being killed by a signal.
  public let exited: Bool
  /// Everything written to standard output.
  public let stdout: Data
  /// Everything written to standard error.
  public let stderr: Data
  /// How long the process ran, from start to exit.
  public let duration: Duration
  /// What the replay of the session's recording did (see ``SessionReplay``); nil when the session was not
  /// recorded, or left no recording.
  public let replay: ReplayedSession?

  /// Standard output decoded as UTF-8 (invalid bytes become U+FFFD).
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error decoded as UTF-8 (invalid bytes become U+FFFD).
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// The lines written to standard output, without the empty one after a final newline.
  public var stdoutLines: [String] { Self.lines(of: stdoutText) }
  /// The lines written to standard error, without the empty one after a final newline.
  public var stderrLines: [String] { Self.lines(of: stderrText) }

  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") {
      lines.removeLast()
    }
    return text.isEmpty ? [] : lines
  }
}

/// Why an ``Executable`` could not be run to completion.
public struct ExecutableFailure: Error, CustomStringConvertible, Sendable {
  /// What went wrong, in one line.
  public let description: String
}
