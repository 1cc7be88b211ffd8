import Glibc

/// Tells whether the process talks to a person at a terminal or to a pipe or file.
///
/// Decide interactivity from standard input (`standardInputIsTerminal`): prompt, banner and line editing are
/// for humans only. Decide colour and other decoration from standard output (`standardOutputIsTerminal`).
public enum TTY {
  /// Whether standard input (file descriptor 0) is a terminal; false when it is a pipe, a file or closed.
  public static var standardInputIsTerminal: Bool {
    isTerminal(STDIN_FILENO)
  }

  /// Whether standard output (file descriptor 1) is a terminal; false when it is a pipe, a file or closed.
  public static var standardOutputIsTerminal: Bool {
    isTerminal(STDOUT_FILENO)
  }

  /// Whether `fileDescriptor` refers to a terminal (`isatty`); false for an invalid descriptor.
  public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    isatty(fileDescriptor) != 0
  }

  /// The width in columns of the terminal on `fileDescriptor` (`TIOCGWINSZ`); nil when it is not a terminal
  /// or reports no width.
  public static func columns(of fileDescriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
