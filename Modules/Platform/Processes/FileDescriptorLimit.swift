import Glibc

/// The limit on open files (`ulimit -n`), checked before a program opens anything.
///
/// A Swift program needs a few descriptors before it runs a line of its own (Dispatch's event queues, the
/// signal pipe), and PrimeTime a few more for the database, its `-wal` and `-shm`, the log, the recording, the
/// history, a backup's second connection and copy, and the Wolfram|Alpha helper's pipes: about 20. Under a
/// lower limit, Dispatch stopped the program with SIGILL and no word, or a backtrace, and a database that
/// could not be opened (`EMFILE`) was blamed on the disk and the file's permissions. Call
/// ``ensureEnoughOrExit(name:)`` first thing in `main`, right after `StandardStreams.ensureOpen()`.
public enum FileDescriptorLimit {
  /// The lowest limit a program runs under: 32, room for what a full `primetime` session keeps open at once
  /// (a backup while logging and recording at a terminal) and the helper it may start.
  public static let minimum = 32

  /// When the limit on open files is below ``minimum``, writes one line naming it and how to raise it to
  /// standard error and exits with status 1; otherwise does nothing.
  public static func ensureEnoughOrExit(name: String) {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(minimum)
    else { return }
    writeAll(
      "\(name): the limit on open files (ulimit -n) of \(limit.rlim_cur) is too low for \(name) (EMFILE, too many "
        + "open files); raise it with 'ulimit -n \(minimum)' or more.\n", to: STDERR_FILENO)
    exit(1)
  }
}
