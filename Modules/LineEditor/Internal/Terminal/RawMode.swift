import Platform
import Dispatch
import Synchronization

/// Switches a terminal into raw mode for a line editor and guarantees it is switched back.
///
/// Raw mode here turns off echo, line buffering, signal keys (Ctrl-C, Ctrl-Z arrive as bytes), flow
/// control and CR-to-NL translation; output processing stays on. The terminal's own settings are restored
/// by `leave`, at process exit, and by handlers for SIGTERM, SIGHUP, SIGQUIT and SIGTSTP (only for those
/// whose disposition was the default) before the signal takes its default effect; after a SIGTSTP stop
/// the process continues in raw mode again, unless `leave` was called meanwhile. A program that installs
/// `TerminationSignals` handles SIGTERM, SIGHUP, SIGQUIT and more itself, restoring the terminal through
/// `restoreFromSignalHandler()`.
///
/// `enter` and `leave` must be called on `queue` only, which is what makes the saved settings safe to share
/// with signal handlers (see `SavedTerminal`).
enum RawMode {
  /// The one serial queue on which every line editor reads, and so enters and leaves raw mode.
  static let queue = DispatchQueue(label: "LineEditor.RawMode")

  /// Enters raw mode on `fileDescriptor`; false when it is not a terminal or cannot be changed.
  ///
  /// With `keepingSignals`, Ctrl-C, Ctrl-Z and Ctrl-\ still send their signals: the mode a line editor holds
  /// the terminal in while a command runs, so that what is typed meanwhile is neither echoed nor edited by the
  /// terminal, and reaches the next line read byte for byte, as if typed then.
  static func enter(_ fileDescriptor: Int32, keepingSignals: Bool = false) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    // The settings to restore are the foreground's: a job started in the background waits to be brought there.
    TTY.waitForForeground(of: fileDescriptor)
    let saved = SavedTerminal.shared
    var original = termios()
    guard tcgetattr(fileDescriptor, &original) == 0 else { return false }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | (keepingSignals ? 0 : ISIG))
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    saved.store(original: original, raw: raw, fileDescriptor: fileDescriptor)
    installHandlers()
    guard tcsetattr(fileDescriptor, TCSADRAIN, &raw) == 0 else {
      saved.leave()
      return false
    }
    return true
  }

  /// Restores the settings saved by the last `enter`, if raw mode is on, and keeps a SIGTSTP handler that
  /// is waiting for the process to continue from putting raw mode back.
  static func leave() {
    dispatchPrecondition(condition: .onQueue(queue))
    SavedTerminal.shared.leave()
  }

  /// Makes sure the saved settings exist before a signal handler may read them, so that the handler never
  /// runs their lazy initialisation (which allocates); call it before installing a handler that calls
  /// ``restoreFromSignalHandler()``.
  static func prepareForSignalHandlers() {
    _ = SavedTerminal.shared
  }

  /// Puts the terminal's own settings back if a line editor has it in raw mode; async-signal-safe, callable
  /// from a signal handler or any thread (after ``prepareForSignalHandlers()``).
  static func restoreFromSignalHandler() {
    let saved = SavedTerminal.shared
    saved.beginReading()
    saved.restore()
    saved.endReading()
  }

  private static let handlersInstalled = Mutex(false)

  /// Installs the restoring handlers once, for each signal still at its default disposition.
  private static func installHandlers() {
    handlersInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      prepareForSignalHandlers()
      TerminationSignals.setTerminalRestorer { RawMode.restoreFromSignalHandler() }
      for signalNumber in [SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
          continue
        }
        install(signalNumber)
      }
      atexit {
        let saved = SavedTerminal.shared
        saved.beginReading()
        saved.restore()
        saved.endReading()
      }
    }
  }
}

private func install(_ signalNumber: Int32) {
  setSignalHandler(signalNumber, to: handleSignal)
}

/// Restores the terminal, lets the signal take its default effect, and for SIGTSTP re-enters raw mode
/// once the process is continued, unless raw mode was left meanwhile. Only async-signal-safe calls
/// (`tcsetattr`, `signal`, `raise`, `sigprocmask`, `sigaction`) and lock-free atomics are used, and `errno`
/// is preserved for the code the signal interrupted.
private func handleSignal(_ signalNumber: Int32) {
  let savedErrno = errno
  let saved = SavedTerminal.shared
  saved.beginReading()
  let generation = saved.generation.load(ordering: .sequentiallyConsistent)
  let wasRaw = saved.restore()
  signal(signalNumber, SIG_DFL)
  var unblock = sigset_t()
  sigemptyset(&unblock)
  sigaddset(&unblock, signalNumber)
  sigprocmask(SIG_UNBLOCK, &unblock, nil)
  raise(signalNumber)
  // Only a stop signal returns here, when the process is continued.
  install(signalNumber)
  if wasRaw {
    saved.reenter(ifStill: generation)
  }
  saved.endReading()
  errno = savedErrno
}

/// The terminal settings to restore, readable from a signal handler.
///
/// `@unchecked Sendable` is safe because:
/// - The two `termios` buffers are written only by `store`, which `RawMode.enter` calls on `RawMode.queue`,
///   the one serial queue every line editor reads on, so two writes never overlap.
/// - The only code that reads the buffers off that queue (the signal handlers and the `atexit` handler)
///   counts itself in `readers` before it looks at `isRaw`, and reads a buffer only after seeing `isRaw`
///   true. `store` first sets `isRaw` false, then waits for `readers` to reach zero, and only then writes.
///   All of these are sequentially consistent atomics, so a reader either saw `isRaw` true before `store`
///   began (and `store` waits for it to finish) or sees it false (and reads nothing).
/// - The buffers are allocated once and never freed.
///
/// `generation` changes on every `store`, and in `leave` between two `restore`s. A SIGTSTP handler reads it
/// before its own `restore`; after the stop it puts raw mode back (setting `isRaw` true) only if the
/// generation is unchanged, then checks again and restores if it changed meanwhile. Of `leave`'s first
/// `restore` and the handler's, only one finds `isRaw` true. If it is `leave`'s, the handler does not
/// re-enter. If it is the handler's, the generation `leave` then changes differs from the handler's: a
/// handler that set `isRaw` true before `leave`'s second `restore` is undone by that `restore`, and one that
/// set it later sees the change on its second check and restores. Either way the terminal is back in its
/// own mode once `leave` has returned and the handler has finished.
private final class SavedTerminal: @unchecked Sendable {
  static let shared = SavedTerminal()

  let generation = Atomic<Int>(0)
  private let isRaw = Atomic<Bool>(false)
  private let readers = Atomic<Int>(0)
  private let fileDescriptor = Atomic<Int32>(-1)
  private let original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  private let raw = UnsafeMutablePointer<termios>.allocate(capacity: 1)

  private init() {
    original.initialize(to: termios())
    raw.initialize(to: termios())
  }

  /// Marks the start of a handler that may read the buffers.
  func beginReading() {
    readers.add(1, ordering: .sequentiallyConsistent)
  }

  /// Marks the end of a handler that may have read the buffers.
  func endReading() {
    readers.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// Saves the settings to restore and to re-enter; on `RawMode.queue` only.
  func store(original: termios, raw: termios, fileDescriptor: Int32) {
    generation.add(1, ordering: .sequentiallyConsistent)
    isRaw.store(false, ordering: .sequentiallyConsistent)
    // A handler still running began before `isRaw` went false and may be reading the buffers. (A handler
    // interrupting this thread runs to its end before this loop goes on, so it cannot wait for itself.)
    while readers.load(ordering: .sequentiallyConsistent) > 0 {
      usleep(1000)
    }
    self.original.pointee = original
    self.raw.pointee = raw
    self.fileDescriptor.store(fileDescriptor, ordering: .sequentiallyConsistent)
    isRaw.store(true, ordering: .sequentiallyConsistent)
  }

  /// Restores the original settings if raw mode is on; on `RawMode.queue` only.
  func leave() {
    restore()
    generation.add(1, ordering: .sequentiallyConsistent)
    // A SIGTSTP handler that restored first may have put raw mode back before seeing the new generation.
    restore()
  }

  /// Puts the original settings back if raw mode is on; returns whether it was.
  @discardableResult
  func restore() -> Bool {
    guard isRaw.exchange(false, ordering: .sequentiallyConsistent) else { return false }
    let descriptor = fileDescriptor.load(ordering: .sequentiallyConsistent)
    // Waiting for output to drain can be interrupted by a signal; the settings must still be put back.
    while tcsetattr(descriptor, TCSADRAIN, original) != 0 && errno == EINTR {}
    return true
  }

  /// Puts the raw settings back after a stop, unless `leave` or `store` ran since the handler saw
  /// `generation`; from a handler counted in `readers` only.
  func reenter(ifStill generation: Int) {
    guard self.generation.load(ordering: .sequentiallyConsistent) == generation else { return }
    let descriptor = fileDescriptor.load(ordering: .sequentiallyConsistent)
    while tcsetattr(descriptor, TCSADRAIN, raw) != 0 && errno == EINTR {}
    isRaw.store(true, ordering: .sequentiallyConsistent)
    if self.generation.load(ordering: .sequentiallyConsistent) != generation {
      restore()
    }
  }
}
