import Glibc
import Synchronization

/// The process's standard input, output and error (descriptors 0, 1 and 2): kept open so no file opened later
/// takes their place, and what went wrong writing to standard output.
///
/// Call ``ensureOpen()`` first thing in `main`, before any file is opened, and end with
/// `exit(StandardStreams.exitStatus(status, name: "NAME"))`:
///
/// ```swift
/// StandardStreams.ensureOpen()
/// …
/// exit(StandardStreams.exitStatus(await repl.run { … }, name: "counter-demo"))
/// ```
///
/// When standard output is not a terminal (a pipe, a file), what is written to it is kept back and written in
/// large pieces (``flushOutput()``), before anything goes to standard error and before input is read, so a
/// script of many commands costs few `write` calls while output, errors and prompts keep their order.
///
/// A standard output that can't be written (a full disk, `/dev/full`, a descriptor closed when the program
/// started) is an error, as coreutils treat it: the output is dropped from the first failure on, the program
/// goes on (so commands that save still save), and ``exitStatus(_:name:console:)`` reports it in one line
/// on standard error and makes the status 1. A reader that went away (`EPIPE`, `primetime | head`) is the
/// end of the output, not an error: nothing is reported and the status is 141 (128 + `SIGPIPE`), what a
/// shell shows for a program a closed pipe ended.
public enum StandardStreams {
  private struct State {
    /// The standard descriptors that were closed when the program started, now open on `/dev/null`.
    var closedAtStart: [Int32] = []
    /// The `errno` of the first failed write to standard output.
    var outputError: Int32?
    /// Output written while standard output is not a terminal and not yet flushed.
    var pending = ""
  }

  /// Whether output is kept back until ``flushOutput()``: when standard output is not a terminal, as C's
  /// stdio does it (decided once, on the first write).
  private static let buffersOutput = !TTY.isTerminal(STDOUT_FILENO)

  /// How much kept-back output makes a write at once.
  private static let bufferCapacity = 65_536

  private static let state = Mutex(State())

  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, so that a file opened later never
  /// becomes standard input, output or error; remembers which were closed. Call it before opening anything.
  public static func ensureOpen() {
    var closed: [Int32] = []
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      closed.append(descriptor)
      // The lowest free descriptor is this one: the ones below it are open by now.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != descriptor {
        close(opened)
      }
    }
    state.withLock { $0.closedAtStart = closed }
    // Every exit() flushes standard output (``exitStatus(_:name:console:)`` already did, to see its errors),
    // unless a write is blocked on a reader that never reads: exit never waits for it.
    atexit { StandardStreams.flushOutput(waiting: false) }
  }

  /// Whether standard input was closed when the program started (``ensureOpen()`` put `/dev/null` there):
  /// reading it is then an error (`EBADF`), not an empty input.
  public static var inputWasClosedAtStart: Bool {
    state.withLock { $0.closedAtStart.contains(STDIN_FILENO) }
  }

  /// Writes `text` to standard output unless an earlier write failed; records the first failure.
  ///
  /// When standard output is not a terminal the text is kept back, and written with what follows it once
  /// 64 KiB have gathered or at the next ``flushOutput()``.
  static func writeOutput(_ text: String) {
    if buffersOutput {
      let isFull = state.withLock { state -> Bool in
        guard state.outputError == nil else { return false }
        state.pending += text
        return state.pending.utf8.count >= bufferCapacity
      }
      if isFull {
        flushOutput()
      }
      return
    }
    let shouldWrite = state.withLock { state -> Bool in
      guard state.outputError == nil else { return false }
      if state.closedAtStart.contains(STDOUT_FILENO) {
        state.outputError = EBADF
        return false
      }
      return true
    }
    guard shouldWrite, let error = writeAll(text, to: STDOUT_FILENO) else { return }
    state.withLock { state in
      if state.outputError == nil {
        state.outputError = error
      }
    }
  }

  /// Writes the output kept back (see ``writeOutput(_:)``), if any, with as few `write` calls as it takes;
  /// records the first failure. ``Console/standard`` calls it before it writes to standard error and
  /// before a read of input, so output and errors stay in order and a reader sees every answer before
  /// the next question is read; `exit` and a signal that ends the process (``TerminationSignals``) call it
  /// too. Writers wait while it writes, so output keeps its order.
  public static func flushOutput() {
    flushOutput(waiting: true)
  }

  /// ``flushOutput()``; without `waiting`, nothing is done while another thread holds the state (writing).
  private static func flushOutput(waiting: Bool) {
    if waiting {
      state.withLock { writePending(&$0) }
    } else {
      _ = state.withLockIfAvailable { writePending(&$0) }
    }
  }

  /// Writes `state.pending` to standard output and empties it; records the first failure.
  private static func writePending(_ state: inout State) {
    guard !state.pending.isEmpty else { return }
    let text = state.pending
    state.pending = ""
    guard state.outputError == nil else { return }
    if state.closedAtStart.contains(STDOUT_FILENO) {
      state.outputError = EBADF
    } else if let error = writeAll(text, to: STDOUT_FILENO) {
      state.outputError = error
    }
  }

  /// The `errno` of the first write to standard output that failed (`EBADF` when it was closed at the
  /// start), or nil while everything was written; the output kept back is written first.
  public static var outputError: Int32? {
    flushOutput()
    return state.withLock { $0.outputError }
  }

  /// The exit status for a program that would end with `status`, after reporting a failed standard output
  /// on `console`'s standard error as `NAME: can't write to standard output: REASON`: 1 after such a
  /// failure, 141 after a closed pipe (reported by nothing), else `status`.
  public static func exitStatus(_ status: Int32, name: String, console: Console = .standard) -> Int32 {
    guard let error = outputError else { return status }
    if error == EPIPE {
      return 128 + SIGPIPE
    }
    console.printError("\(name): can't write to standard output: \(describe(errno: error))")
    return 1
  }
}
