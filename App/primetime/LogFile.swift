#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Terminal

/// The file `--log` appends to: created with mode 0600 if missing, each line written with one `write` to a
/// descriptor opened with `O_APPEND`, so lines from two PrimeTimes sharing a log never interleave mid-line.
final class LogFile: Sendable {
  /// The path, as given.
  let path: String
  private let descriptor: Int32

  /// Opens `path` for appending, or says in one line why it can't.
  init(path: String) throws(LogFileError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw LogFileError(path: path, reason: describe(errno: errno))
    }
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Appends `line` and a newline; a failed write (a full disk) is dropped rather than stopping the app.
  func write(_ line: String) {
    writeAll(line + "\n", to: descriptor)
  }
}
