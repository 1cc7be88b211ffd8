/// The format ``Recorder`` writes and ``Recording`` reads, named, for a program that must tell a recording
/// from other files without reading it whole (as PrimeTime's `--log` refuses to append to one).
public enum RecordingFormat {
  /// The `format` every recording's header names: `composable-architecture-recording`.
  public static let name = "composable-architecture-recording"

  /// The text every recording starts with: `{"format":"composable-architecture-recording"`.
  public static var headerPrefix: String { "{\"format\":\"\(name)\"" }
}

extension RecordingFormat {
  /// The largest snapshot interval a recording may have: 1,000,000 steps. A reader refuses a header with a
  /// larger one; a ``Recorder`` asked for more records at this; a program's `--snapshot-interval` takes no more.
  public static var maximumSnapshotInterval: Int { 1_000_000 }
}
