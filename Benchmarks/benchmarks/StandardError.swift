import Platform

/// Writes diagnostics to the process's standard error, unbuffered.
///
/// Writes go straight to file descriptor 2, not through the C library's shared `stderr` stream, so nothing
/// here touches global mutable state; errors writing diagnostics are ignored, as there is nowhere to report
/// them.
enum StandardError {
  /// Writes `line` followed by a newline.
  static func writeLine(_ line: String) {
    writeAll(line + "\n", to: STDERR_FILENO)
  }
}
