import FavoritePrimesLive
import SQLite
import Replay

/// Where `--record FILE` may write, checked before anything is opened, created or written.
///
/// A recording is always a new file (an existing one is refused: ``RecordingFile/refusal(at:)``), but a file
/// that does not exist yet can still be one PrimeTime is about to use: the database (a recording in its place
/// makes it unopenable), its `-wal`, `-shm` or `-journal` (SQLite would take the recording for one of its own
/// files, a bogus write-ahead log), the log, or the line editor's history. Those are refused too, named as
/// given or through `.`, `..` and symbolic links (``DatabaseFiles/contains(_:)``, and for the log and the
/// history `ProtectedFile`'s rule, which `--log`, `export` and `backup` share).
enum RecordingPath {
  /// Why `path` can't be the recording, in one line without its full stop (what is wrong and what to do); nil
  /// when nothing speaks against it yet.
  ///
  /// - Parameters:
  ///   - databasePath: the database this run opens, or, in the sandbox, the one a plain run would (nil when
  ///     there is none).
  ///   - logPath: `--log`'s path, nil without a log; `-` (standard error) is no file.
  ///   - historyPath: the line editor's history file, nil when none is kept (the sandbox): at a terminal it
  ///     would read the recording as its history and append each command to it.
  static func refusal(_ path: String, databasePath: String?, logPath: String?, historyPath: String?) -> String? {
    if let databasePath, DatabaseFiles(database: databasePath).contains(path) {
      return "the recording file \(path) is the database \(databasePath) or one of its files; choose another path "
        + "for '--record'"
    }
    if let file = [ProtectedFile].primeTime(history: historyPath, log: logPath).first(namedBy: path) {
      return "the recording file \(path) is \(file.role); choose another path for '--record'"
    }
    if let (sidecar, database) = SidecarFile.owner(ofName: path) {
      return "the recording file \(path) is where SQLite keeps the \(sidecar.suffix.dropFirst()) file of \(database), "
        + "and would delete it there; choose another path for '--record'"
    }
    return RecordingFile.refusal(at: path)
  }
}
