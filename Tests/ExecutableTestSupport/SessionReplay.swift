/// How the end-to-end test support records an executable's sessions and checks that each one replays.
///
/// When an ``Executable`` has one (``Executable/sessionReplay``), every session a test starts with
/// ``Executable/run(_:input:environment:launcher:timeout:sessionReplay:sourceLocation:)``, ``RunningExecutable`` or
/// ``PseudoTerminal`` is recorded to a file in a private temporary directory of its own, and once the session
/// has ended the recording is replayed by the same binary: a replay that does not exit 0 is a test issue, with
/// its whole output, the session's arguments and the recording. The directory is removed afterwards.
///
/// `recording` says which arguments start a session worth recording (nil for `--help`, `replay FILE`, …),
/// `replaying` which arguments replay a recording. A product is switched on by one line in ``switchedOn``.
public struct SessionReplay: Sendable {
  /// Whether a test records and replays a session it starts.
  public enum Check: Sendable, Equatable {
    /// Recorded and replayed, when the executable has a ``SessionReplay`` and the arguments start a session.
    case checked
    /// Not recorded: a test where a recording cannot hold says why here (and in a comment).
    case skipped(because: String)
  }

  /// The arguments that start the session `arguments` start, recording it to the file at `path` (which does
  /// not exist yet, in a directory that does); nil when `arguments` start no session to record.
  public var recording: @Sendable (_ arguments: [String], _ path: String) -> [String]?
  /// The arguments that replay the recording at `path`, exiting 0 when it replays faithfully.
  public var replaying: @Sendable (_ path: String) -> [String]

  /// A way of recording sessions and replaying them.
  public init(
    recording: @escaping @Sendable (_ arguments: [String], _ path: String) -> [String]?,
    replaying: @escaping @Sendable (_ path: String) -> [String]
  ) {
    self.recording = recording
    self.replaying = replaying
  }

  /// This package's programs' way: `--record FILE` put in front of the arguments, `replay FILE` to replay.
  ///
  /// Arguments that start no session are left alone: `replay` first, `--record` already there (a test of
  /// recording itself), and `--help`, `-h`, `--version`, `--completions` and `--manual`, which print and exit.
  public static let recordOptionAndReplayCommand = SessionReplay(
    recording: { arguments, path in
      guard arguments.first != "replay" else { return nil }
      let printsAndExits: Set = ["--help", "-h", "--version", "--completions", "--manual"]
      let startsNoSession = arguments.contains { argument in
        let option = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return option == "--record" || printsAndExits.contains(option)
      }
      return startsNoSession ? nil : ["--record", path] + arguments
    },
    replaying: { path in ["replay", path] }
  )

  /// The products whose sessions every end-to-end test records and replays, primetime and the three demos:
  /// one line switches one on.
  public static let switchedOn: [String: SessionReplay] = [
    "primetime": .recordOptionAndReplayCommand,
    "counter-demo": .recordOptionAndReplayCommand,
    "prime-modal-demo": .recordOptionAndReplayCommand,
    "favorite-primes-demo": .recordOptionAndReplayCommand,
  ]
}
