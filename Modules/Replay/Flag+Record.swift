public import CommandLineInterface
import ComposableArchitecture
import Platform

extension Flag {
  /// `--record FILE`: records the session to FILE for `PROGRAM replay FILE`, declared the same way in every
  /// program that records.
  ///
  /// `set` stores the path; a path starting with `~`, which the shell did not expand, is refused before it is
  /// called (``UsageError/unexpandedTilde(_:_:)``). `refusing` ends the help with what else the program
  /// refuses as FILE (an existing file is always refused: ``RecordingFile/refusal(at:)``).
  public static func record(
    program: String,
    refusing: String? = nil,
    set: @escaping @Sendable (inout Options, String) -> Void
  ) -> Self {
    .option(
      "--record",
      .init(placeholder: "FILE", kind: .path, needs: "a file path", example: "run.jsonl"),
      help: "Record every action of the session, and where it came from, to FILE (a new file, made with mode "
        + "0600) for '\(program) replay FILE', which replays it and stops at the first step whose state differs."
        + (refusing.map { " \($0)" } ?? "")
    ) { options, value in
      if let error = UsageError.unexpandedTilde("--record", value) { return error }
      set(&options, value)
      return nil
    }
  }

  /// `--snapshot-interval N`: with `--record`, how many steps apart the recording holds the whole state
  /// (10 by default; 1 records it after every step, so a replay compares every one).
  ///
  /// `set` stores N, a whole number from 1 to 1,000,000 (`RecordingFormat.maximumSnapshotInterval`, the most a
  /// recording may have); anything else is a usage error. That it goes with
  /// `--record` is the program's to check (``recordingUsageError(record:snapshotInterval:)``).
  public static func snapshotInterval(set: @escaping @Sendable (inout Options, Int) -> Void) -> Self {
    .option(
      "--snapshot-interval",
      .init(placeholder: "N", kind: .number, needs: "a number of steps", example: "1"),
      help: "With --record, record the whole state every N steps, 1 to 1000000 (default 10; 1: after every step, "
        + "so that a replay compares each one)."
    ) { options, text in
      guard case let .value(interval) = WholeNumber(text), (1...RecordingFormat.maximumSnapshotInterval).contains(interval) else {
        return UsageError(
          "'--snapshot-interval' needs a number of steps from 1 to 1000000, like '--snapshot-interval 1'; got "
            + Echo.quote(text)
        )
      }
      set(&options, interval)
      return nil
    }
  }

  /// The usage error of `--snapshot-interval` given without `--record`; nil when the two agree.
  public static func recordingUsageError(record: String?, snapshotInterval: Int?) -> UsageError? {
    guard snapshotInterval != nil, record == nil else { return nil }
    return UsageError("'--snapshot-interval' goes with '--record FILE'; add '--record FILE', or leave it out")
  }
}
