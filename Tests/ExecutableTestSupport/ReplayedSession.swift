/// What the test support's replay of a recorded session did (see ``SessionReplay``).
///
/// A replay that is not ``isFaithful`` has already been recorded as a test issue; a test reads this only to
/// check the check itself.
public struct ReplayedSession: Sendable {
  /// The recording as it was replayed (for a session killed by SIGKILL, up to its last whole line).
  public let recording: String
  /// The replay's arguments: `replay` and the recording's path, for this package's programs.
  public let arguments: [String]
  /// The replay's exit status when ``exited``; the number of the signal that ended it otherwise.
  public let status: Int32
  /// Whether the replay exited normally rather than being killed by a signal.
  public let exited: Bool
  /// Everything the replay wrote to standard output.
  public let stdoutText: String
  /// Everything the replay wrote to standard error.
  public let stderrText: String

  /// Whether the replay exited 0: every recorded state was reproduced.
  public var isFaithful: Bool { exited && status == 0 }
}
