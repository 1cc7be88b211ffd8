import Glibc
import Dispatch
import Synchronization

/// Ends the process cleanly on the signals that would otherwise end it on the spot (or, for SIGQUIT, make
/// the Swift runtime print a crash report and hang): the terminal is put back, a cleanup (closing a
/// database) runs, then the process ends as the signal says.
///
/// ```swift
/// TerminationSignals.install()                       // first thing in main
/// let database = try Database(path: path)
/// TerminationSignals.setCleanup { database.close() }  // once there is something to clean up
/// ```
///
/// Handled: SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM and SIGXCPU. The signal
/// handler only restores the terminal if a line editor has it in raw mode (through the function the editor
/// gave ``setTerminalRestorer(_:)``; async-signal-safe) and writes the
/// signal's number to a pipe; a dispatch queue reading the pipe writes out the output standard output kept
/// back (``StandardStreams/flushOutput()``) and runs the cleanup, waiting at most `timeout` for both, then
/// runs the farewell (see ``setFarewell(_:)``), then ends the process: with status 128 + the number for
/// SIGQUIT and SIGXCPU (whose default would dump core), and for the others by the signal itself, put back to
/// its default, so a shell running the program sees it end by that signal (a script stops on Ctrl-C). Once
/// the end has begun (``isEnding``), ``Console/standard`` writes nothing more, so work still running cannot
/// print failures caused by the cleanup (a database closed under it); only the farewell speaks.
///
/// SIGINT stays the business of `withInterruptHandler` while one of its scopes is active (Ctrl-C withdraws a
/// long command); between scopes it ends the process as above. SIGPIPE and SIGXFSZ are ignored: a write to a
/// closed pipe or past the file-size limit then fails with `EPIPE` or `EFBIG`, which the writer reports
/// (see ``StandardStreams``). SIGTSTP is left to the line editor (see the LineEditor module's `RawMode`).
public enum TerminationSignals {
  /// The signals that end the process after the cleanup.
  public static let handled: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU]
  /// The signals that are ignored, so the failing call reports the problem instead.
  public static let ignored: [Int32] = [SIGPIPE, SIGXFSZ]

  private struct State {
    var isInstalled = false
    var cleanup: (@Sendable () -> Void)?
    var farewell: (@Sendable () -> Void)?
    var timeout: Duration = .seconds(7)
    var reader: (any DispatchSourceRead)?
  }

  private static let state = Mutex(State())
  private static let queue = DispatchQueue(label: "Platform.TerminationSignals")

  /// Catches ``handled`` and ignores ``ignored``, once per process; call it first thing in `main`, before
  /// anything can run long. A cleanup that has not finished after `timeout` is abandoned and the process
  /// ends anyway. The default, 7 seconds, lets a save waiting for another program's lock (SQLite waits up
  /// to 5 seconds) finish or fail before the process ends.
  public static func install(timeout: Duration = .seconds(7)) {
    state.withLock { state in
      guard !state.isInstalled else { return }
      state.timeout = timeout
      guard let (readEnd, writeEnd) = makeNonBlockingPipe() else { return }
      terminationPipe.store(writeEnd, ordering: .sequentiallyConsistent)
      let reader = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
      reader.setEventHandler {
        var number: Int32 = 0
        guard read(readEnd, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size else { return }
        end(by: number)
      }
      reader.resume()
      state.reader = reader
      for signalNumber in handled {
        setSignalHandler(signalNumber, to: notifyTermination)
      }
      for signalNumber in ignored {
        signal(signalNumber, SIG_IGN)
      }
      state.isInstalled = true
    }
  }

  /// Sets what to do before the process ends by a signal, replacing any earlier cleanup; it runs on a
  /// queue of its own, at most once, and may block (closing a database waits for a save in progress).
  public static func setCleanup(_ cleanup: @escaping @Sendable () -> Void) {
    state.withLock { $0.cleanup = cleanup }
  }

  /// Sets what to say once the cleanup has finished or been abandoned, just before the process ends,
  /// replacing any earlier farewell. It must not block: it runs even when the cleanup is still stuck, and
  /// writes with `writeAll`, as ``Console/standard`` is silent by then.
  public static func setFarewell(_ farewell: @escaping @Sendable () -> Void) {
    state.withLock { $0.farewell = farewell }
  }

  /// Sets the function that puts the terminal back in its own mode when a signal ends the process: the
  /// signal handler calls it first, and the end calls it again just before the process ends (a line editor
  /// may have gone back to raw mode meanwhile). It must be async-signal-safe and ready to run from any
  /// thread; the line editor sets it once, before it first puts the terminal in raw mode. Until it is set,
  /// no terminal is restored: nothing changed one.
  public static func setTerminalRestorer(_ restore: @convention(c) () -> Void) {
    terminalRestorer.store(unsafeBitCast(restore, to: Int.self), ordering: .sequentiallyConsistent)
  }

  /// Whether a handled signal has begun to end the process: from then on ``Console/standard`` drops what it
  /// is given.
  public static var isEnding: Bool {
    ending.load(ordering: .sequentiallyConsistent)
  }

  /// Set once, by the first signal's `end(by:)`.
  private static let ending = Atomic<Bool>(false)

  /// Runs the cleanup (bounded) and the farewell, puts the terminal back, and ends the process as
  /// `signalNumber` says.
  private static func end(by signalNumber: Int32) -> Never {
    ending.store(true, ordering: .sequentiallyConsistent)
    let (cleanup, farewell, timeout) = state.withLock { ($0.cleanup, $0.farewell, $0.timeout) }
    // The output written before the signal, which standard output may keep back, and the cleanup, each on a
    // thread of its own: a reader of standard output that never reads blocks its write, not the cleanup nor
    // the end.
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) { StandardStreams.flushOutput() }
    if let cleanup {
      DispatchQueue.global().async(group: done) { cleanup() }
    }
    // In floating point and capped at a day, so no timeout can overflow.
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let nanoseconds = Int(min(max(seconds, 0), 86_400) * 1e9)
    _ = done.wait(timeout: .now() + .nanoseconds(nanoseconds))
    farewell?()
    // A line editor may have gone back to raw mode since the handler restored the terminal.
    restoreTerminal()
    if signalNumber == SIGQUIT || signalNumber == SIGXCPU {
      exit(128 + signalNumber)
    }
    signal(signalNumber, SIG_DFL)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    kill(getpid(), signalNumber)
    // The signal ends the process as soon as a thread can take it; should every thread block it, end anyway.
    usleep(1_000_000)
    _exit(128 + signalNumber)
  }
}

/// The address of the function given to ``TerminationSignals/setTerminalRestorer(_:)`` (a C function pointer
/// is one machine word, never 0), so the signal handler can read it with a lock-free load; 0 until set.
private let terminalRestorer = Atomic<Int>(0)

/// Calls the terminal restorer, if one was set; async-signal-safe when it is.
private func restoreTerminal() {
  let address = terminalRestorer.load(ordering: .sequentiallyConsistent)
  guard address != 0 else { return }
  unsafeBitCast(address, to: (@convention(c) () -> Void).self)()
}

/// The write end of the termination pipe, for the signal handler; -1 until it exists.
private let terminationPipe = Atomic<Int32>(-1)

/// The handler of ``TerminationSignals/handled``: puts the terminal back and writes the signal's number to
/// the pipe. Only async-signal-safe calls (`tcsetattr`, `write`) and lock-free atomics; `errno` is preserved.
private func notifyTermination(_ signalNumber: Int32) {
  let savedErrno = errno
  restoreTerminal()
  var number = signalNumber
  _ = write(terminationPipe.load(ordering: .sequentiallyConsistent), &number, MemoryLayout<Int32>.size)
  errno = savedErrno
}
