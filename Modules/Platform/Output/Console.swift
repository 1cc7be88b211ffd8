import Glibc

/// Where a program's text goes: standard output for results, standard error for messages and errors.
///
/// A console is closures (its two writers and a flush), so tests can swap in `RecordingConsole` and assert
/// on exact text. `print` and `printError` hand each closure a whole line including its `"\n"`; `write`
/// hands over text as is (a prompt).
/// `standard` writes to file descriptors 1 and 2 with POSIX `write`, so the order of results and errors is
/// the order they were written in; standard output is kept back in memory only when it is not a terminal.
public struct Console: Sendable {
  /// Receives text meant for standard output, exactly as it should appear.
  public var writeOutput: @Sendable (String) -> Void
  /// Receives text meant for standard error, exactly as it should appear.
  public var writeError: @Sendable (String) -> Void
  /// Writes out whatever standard-output text is still kept back; a `REPL` calls it before it waits for
  /// input. Does nothing for a console that keeps nothing back.
  public var flush: @Sendable () -> Void

  /// Creates a console from what to do with standard-output text, with standard-error text, and, for one
  /// that keeps output back, how to write it out.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    flush: @escaping @Sendable () -> Void = {}
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.flush = flush
  }

  /// The process's own standard output and standard error.
  ///
  /// On a terminal each call is one `write` system call for text up to the pipe buffer size (4 KiB on
  /// Linux), retried after interruptions and partial writes. When standard output is not a terminal its text
  /// is kept back and written in pieces of up to 64 KiB: at ``flush``, before each write to standard error
  /// (so the two stay in order in one file), at `exit`, and when a signal ends the process (see
  /// ``StandardStreams/flushOutput()``). Standard error is never kept back.
  ///
  /// A failed write to standard output (a full disk, a descriptor closed at the start, a closed pipe when
  /// `SIGPIPE` is ignored) is remembered and everything after it dropped, for
  /// ``StandardStreams/exitStatus(_:name:console:)`` to report at the end; a failed write to standard error
  /// is dropped, as there is nowhere left to say so. A closed pipe raises `SIGPIPE` unless it
  /// is ignored (``TerminationSignals`` ignores it). Once a signal has begun to end the process
  /// (``TerminationSignals/isEnding``) nothing more is written: what still runs then would only report
  /// failures the ending itself caused.
  public static let standard = Console(
    writeOutput: { text in
      if !TerminationSignals.isEnding {
        StandardStreams.writeOutput(text)
      }
    },
    writeError: { text in
      if !TerminationSignals.isEnding {
        StandardStreams.flushOutput()
        writeAll(text, to: STDERR_FILENO)
      }
    },
    flush: { StandardStreams.flushOutput() }
  )

  /// Writes `line` and a newline to standard output.
  public func print(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Writes `lines`, each followed by a newline, to standard output in one call (one `write` on
  /// ``standard``); nothing for no lines.
  public func printLines(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    var text = ""
    text.reserveCapacity(lines.reduce(lines.count) { $0 + $1.utf8.count })
    for line in lines {
      text += line
      text += "\n"
    }
    writeOutput(text)
  }

  /// Writes `line` and a newline to standard error.
  public func printError(_ line: String) {
    writeError(line + "\n")
  }

  /// Writes `text` to standard output with no newline added, as for a prompt.
  public func write(_ text: String) {
    writeOutput(text)
  }
}
