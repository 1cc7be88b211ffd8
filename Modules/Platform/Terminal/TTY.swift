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

extension TTY {
  /// Returns once this process may use the terminal on `fileDescriptor`: while it is a background job there
  /// (started with `&`, or sent on with `bg`), it is stopped as the terminal stops any program that reads it
  /// from there (SIGTTIN), until a shell's `fg` brings it to the foreground.
  ///
  /// It also lets the calling thread be stopped by a later read of the terminal, or a change of its settings,
  /// from the background: Dispatch's threads block SIGTTIN and SIGTTOU, and such a call would fail with `EIO`
  /// instead. Returns at once for a descriptor that is not a terminal, and after 100 tries for a process group
  /// no signal can stop (orphaned: its shell has gone), whose reads then fail as before.
  /// Stops the process as Ctrl-Z does (SIGTSTP, with whatever handler is installed for it), and returns once it
  /// is continued (`fg`, `bg`); nothing when SIGTSTP is ignored (a shell without job control).
  ///
  /// The signal is raised for the calling thread, with SIGTSTP unblocked there, so the stop has happened when
  /// this returns. Sent to the process (`kill`), it may be taken by another thread while this one goes on, and
  /// what this one draws next appears before the stop instead of after it.
  public static func stopAsCtrlZDoes() {
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
  }

  public static func waitForForeground(of fileDescriptor: Int32) {
    var stops = sigset_t()
    sigemptyset(&stops)
    sigaddset(&stops, SIGTTIN)
    sigaddset(&stops, SIGTTOU)
    pthread_sigmask(SIG_UNBLOCK, &stops, nil)
    // Each stop lasts until the job is continued: by `fg`, which ends the loop, or by `bg`, which comes round
    // again. An orphaned group is never stopped, so the bound is reached at once.
    for _ in 0..<100 {
      let foreground = tcgetpgrp(fileDescriptor)
      guard foreground >= 0, foreground != getpgrp() else { return }
      kill(0, SIGTTIN)
    }
  }
}
