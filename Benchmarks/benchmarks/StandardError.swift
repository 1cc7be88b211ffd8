import Platform

/// Writes diagnostics to the process's standard error, unbuffered.
///
/// Writes go straight to file descriptor 2, not through the C library's shared `stderr` stream, so nothing
/// here touches global mutable state; errors writing diagnostics are ignored, as there is nowhere to report
/// them.
enum StandardError {
  /// Writes `line` followed by a newline.
  static func writeLine(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
