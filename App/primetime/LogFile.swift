#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Synchronization
import Terminal

/// The file `--log` appends to: a regular file of this user's, private (mode 0600), each line written with
/// one `write` to a descriptor opened with `O_APPEND`, so lines from two PrimeTimes sharing a log never
/// interleave mid-line.
///
/// Opening never blocks and never follows a symbolic link (`O_NONBLOCK | O_NOFOLLOW`); anything but a
/// regular file (a FIFO, a device such as `/dev/full`, a directory) is refused. A missing file is created
/// with mode 0600; an existing one that others may read or write is changed to 0600 (the log holds every
/// favourite), and refused if that is not allowed. The first line that can't be written (a full disk) is
/// reported through `report`; later lines are dropped and ``hasFailed`` turns true.
final class LogFile: Sendable {
  /// The path, as given.
  let path: String
  private let descriptor: Int32
  private let report: @Sendable (String) -> Void
  private let failed = Atomic<Bool>(false)

  /// Opens `path` for appending, or says in one line why it can't; `report` gets the one-line message
  /// about the first failed write.
  init(path: String, report: @escaping @Sendable (String) -> Void) throws(LogFileError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if lstat(path, &status) == 0 {
        switch status.st_mode & S_IFMT {
        case S_IFLNK: throw .symbolicLink(path: path)
        case S_IFREG: break
        default: throw .notARegularFile(path: path)
        }
      }
      throw .cannotOpen(path: path, reason: describe(errno: code))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notARegularFile(path: path)
    }
    if status.st_mode & 0o077 != 0 && fchmod(descriptor, 0o600) != 0 {
      let reason = describe(errno: errno)
      close(descriptor)
      throw .notPrivate(path: path, reason: reason)
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 {
      _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }
    self.path = path
    self.descriptor = descriptor
    self.report = report
  }

  deinit {
    close(descriptor)
  }

  /// Whether a line could not be written; the log is then incomplete.
  var hasFailed: Bool {
    failed.load(ordering: .sequentiallyConsistent)
  }

  /// Appends `line` and a newline; the first failure is reported, and from then on lines are dropped.
  func write(_ line: String) {
    guard !hasFailed, let code = writeAll(line + "\n", to: descriptor) else { return }
    guard !failed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    report("can't write to the log file \(path): \(describe(errno: code)); the log stops here.")
  }
}
