import Foundation
import Synchronization
import Testing

/// One session's recording, for ``SessionReplay``: the private directory it is written in, the arguments that
/// record it there, and its replay once the session has ended. The directory is removed after the replay, or
/// when the value is released.
final class RecordedSession: Sendable {
  /// The session's arguments with the recording's added: the ones to start the program with.
  let arguments: [String]
  /// The session's arguments as the test gave them, for the issue.
  private let sessionArguments: [String]
  private let executable: Executable
  private let replay: SessionReplay
  private let directory: URL
  private let path: String
  /// Whether the replay has started, and what it did once it has ended.
  private let state = Mutex<(started: Bool, replayed: ReplayedSession?)>((false, nil))

  /// The recording of a session of `executable` with `arguments`; nil when there is none to make: `check`
  /// skips it, the executable records no sessions, or `arguments` start none.
  ///
  /// - Throws: when the directory cannot be created.
  init?(_ executable: Executable, arguments: [String], check: SessionReplay.Check) throws {
    guard check == .checked, let replay = executable.sessionReplay else { return nil }
    let fileManager = FileManager.default
    let directory = fileManager.temporaryDirectory
      .appendingPathComponent("\(executable.name)-recording-\(UUID().uuidString)", isDirectory: true)
    let path = directory.appendingPathComponent("session.jsonl").path
    guard let recorded = replay.recording(arguments, path) else { return nil }
    try fileManager.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
    )
    self.arguments = recorded
    self.sessionArguments = arguments
    self.executable = executable
    self.replay = replay
    self.directory = directory
    self.path = path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Replays the recording of the session, which has ended (by `signal`, or nil when it exited), and records
  /// an issue at `sourceLocation` unless the replay exits 0; then removes the directory.
  ///
  /// Nil when there was nothing to replay: a session refused at the command line, or one that ended before it
  /// started recording, leaves no recording or an empty one. Only the first call replays; a later one
  /// returns what it did.
  func check(endedBy signal: Int32?, sourceLocation: SourceLocation) async -> ReplayedSession? {
    let started = state.withLock { state in
      defer { state.started = true }
      return state.started
    }
    guard !started else { return state.withLock { $0.replayed } }
    defer { try? FileManager.default.removeItem(at: directory) }
    guard var recording = try? Data(contentsOf: URL(fileURLWithPath: path)), !recording.isEmpty else { return nil }
    if signal == SIGKILL, recording.last != UInt8(ascii: "\n") {
      // SIGKILL may stop the kernel in the middle of a write (it looks for a fatal signal between pages), so a
      // killed session's last line can be cut short: a line the program never finished writing, which no
      // replay could read, and no divergence. Every line before it was written whole and is replayed.
      recording = recording[..<(recording.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? recording.startIndex)]
      guard !recording.isEmpty, (try? recording.write(to: URL(fileURLWithPath: path))) != nil else { return nil }
    }
    let replayArguments = replay.replaying(path)
    let text = String(decoding: recording, as: UTF8.self)
    let replayed: ReplayedSession
    do {
      let run = try await executable.run(
        replayArguments, timeout: .seconds(60), sessionReplay: .skipped(because: "a replay is no session"),
        sourceLocation: sourceLocation
      )
      replayed = ReplayedSession(
        recording: text, arguments: replayArguments, status: run.status, exited: run.exited,
        stdoutText: run.stdoutText, stderrText: run.stderrText
      )
    } catch {
      let problem =
        "\(session) was recorded, but its replay \(command(replayArguments)) did not run: \(error)\n"
        + Self.describe(recording: text)
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      return nil
    }
    state.withLock { $0.replayed = replayed }
    if !replayed.isFaithful {
      let ending = replayed.exited ? "exited with status \(replayed.status)" : "was killed by signal \(replayed.status)"
      let problem =
        "\(session) does not replay: \(command(replayArguments)) \(ending).\n"
        + "Its standard output:\n\(replayed.stdoutText)\nIts standard error:\n\(replayed.stderrText)\n"
        + Self.describe(recording: text)
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
    return replayed
  }

  /// The session as the test started it, before the recording's arguments were added.
  private var session: String {
    "The session \(command(sessionArguments))"
  }

  /// `arguments` after the executable's name, each quoted as Swift would (`primetime "--db" "/tmp/x"`).
  private func command(_ arguments: [String]) -> String {
    ([executable.name] + arguments.map(\.debugDescription)).joined(separator: " ")
  }

  /// The recording for an issue: all of it, up to 100,000 characters.
  private static func describe(recording: String) -> String {
    let limit = 100_000
    let lineCount = recording.split(separator: "\n").count
    guard recording.count > limit else { return "The recording (\(lineCount) lines):\n\(recording)" }
    return "The recording (\(lineCount) lines; its first \(limit) characters):\n\(recording.prefix(limit))"
  }
}
