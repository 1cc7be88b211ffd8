#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Switches a terminal into raw mode for a line editor and guarantees it is switched back.
///
/// Raw mode here turns off echo, line buffering, signal keys (Ctrl-C, Ctrl-Z arrive as bytes), flow
/// control and CR-to-NL translation; output processing stays on. The terminal's own settings are restored
/// by `leave`, at process exit, and by handlers for SIGTERM, SIGHUP, SIGQUIT and SIGTSTP (only for those
/// whose disposition was the default) before the signal takes its default effect; after a SIGTSTP stop
/// the process continues in raw mode again.
enum RawMode {
  /// Enters raw mode on `fileDescriptor`; false when it is not a terminal or cannot be changed.
  static func enter(_ fileDescriptor: Int32) -> Bool {
    let saved = SavedTerminal.shared
    var original = termios()
    guard tcgetattr(fileDescriptor, &original) == 0 else { return false }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    saved.store(original: original, raw: raw, fileDescriptor: fileDescriptor)
    installHandlers()
    guard tcsetattr(fileDescriptor, TCSADRAIN, &raw) == 0 else {
      saved.isRaw.store(false, ordering: .sequentiallyConsistent)
      return false
    }
    return true
  }

  /// Restores the settings saved by the last `enter`, if raw mode is on.
  static func leave() {
    SavedTerminal.shared.restore()
  }

  private static let handlersInstalled = Mutex(false)

  /// Installs the restoring handlers once, for each signal still at its default disposition.
  private static func installHandlers() {
    handlersInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      for signalNumber in [SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
          continue
        }
        install(signalNumber)
      }
      atexit { SavedTerminal.shared.restore() }
    }
  }
}

/// Installs `handleSignal` for `signalNumber`.
private func install(_ signalNumber: Int32) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = handleSignal
  sigemptyset(&action.sa_mask)
  action.sa_flags = SA_RESTART
  sigaction(signalNumber, &action, nil)
}

/// Restores the terminal, lets the signal take its default effect, and for SIGTSTP re-enters raw mode
/// once the process is continued. Only async-signal-safe calls (`tcsetattr`, `signal`, `raise`,
/// `sigprocmask`) and atomics are used.
private func handleSignal(_ signalNumber: Int32) {
  let saved = SavedTerminal.shared
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
    saved.reenter()
  }
}

/// The terminal settings to restore, readable from a signal handler.
///
/// `@unchecked Sendable` is safe because the two `termios` buffers are written only by `store`, which
/// runs on the line editor's one reading queue while `isRaw` is false (so no handler reads them), and
/// `isRaw` is then set with sequentially consistent ordering; handlers and `restore` read the buffers only
/// after seeing `isRaw` true. The buffers are allocated once and never freed.
private final class SavedTerminal: @unchecked Sendable {
  static let shared = SavedTerminal()

  let isRaw = Atomic<Bool>(false)
  private let fileDescriptor = Atomic<Int32>(-1)
  private let original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  private let raw = UnsafeMutablePointer<termios>.allocate(capacity: 1)

  private init() {
    original.initialize(to: termios())
    raw.initialize(to: termios())
  }

  func store(original: termios, raw: termios, fileDescriptor: Int32) {
    isRaw.store(false, ordering: .sequentiallyConsistent)
    self.original.pointee = original
    self.raw.pointee = raw
    self.fileDescriptor.store(fileDescriptor, ordering: .sequentiallyConsistent)
    isRaw.store(true, ordering: .sequentiallyConsistent)
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

  /// Puts the raw settings back after a stop.
  func reenter() {
    let descriptor = fileDescriptor.load(ordering: .sequentiallyConsistent)
    while tcsetattr(descriptor, TCSADRAIN, raw) != 0 && errno == EINTR {}
    isRaw.store(true, ordering: .sequentiallyConsistent)
  }
}
