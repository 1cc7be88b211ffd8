public import Platform
import Dispatch

/// Reads lines from a person at a terminal, with editing, history and Tab completion, in Swift over termios.
///
/// ```swift
/// let editor = LineEditor(completions: ["help", "nth", "prime"], historyFile: "/home/me/.local/state/app/history",
///                         warn: { console.printError("app: \($0)") })
/// while let line = await editor.readLine(prompt: "> ") { … }
/// ```
///
/// Keys: printable text (any UTF-8), Backspace, Delete, Left/Right (Ctrl-B/Ctrl-F), Home/End (Ctrl-A/Ctrl-E),
/// Ctrl-Left/Ctrl-Right (Alt-B/Alt-F) by words, Ctrl-U and Ctrl-K (delete to the start / end), Ctrl-W (delete
/// the word before the cursor), Ctrl-L (clear the screen), Up/Down (Ctrl-P/Ctrl-N) through the history
/// keeping the line being typed, Ctrl-R (reverse search; Ctrl-R again for older, Ctrl-G to cancel), Tab
/// (complete the first word to the longest common prefix of the matching `completions`, or, after a word of
/// `fileCompletionCommands`, the file name being typed, escaped as the REPL reads it; a second Tab lists
/// them), Ctrl-C (prints `^C` and starts a fresh line), Ctrl-D (end of input on an empty line, else delete
/// the character under the cursor), Ctrl-Z (suspend). Unknown escape sequences are ignored.
///
/// The terminal is in raw mode only while `readLine` runs (and, with its signal keys, while
/// ``holdTypeahead(_:)`` holds what is typed): it is restored after each line, when the process exits, and on
/// SIGTERM, SIGHUP, SIGQUIT and SIGTSTP. Reads and writes happen on one dispatch queue shared
/// by every line editor in the process (so two editors read one after the other, never at once), never on a
/// thread of Swift's cooperative pool. Input left non-blocking by another program is waited for, not
/// spun on. Use it only when both `input` and `output` are terminals (``isAvailable``).
///
/// History: every accepted line that is not blank and not equal to the previous entry is kept, without its
/// control characters, up to `historyCapacity`. With a `historyFile`, the history is loaded from it on the first `readLine` and each
/// line is appended as it is entered; the file is created with mode 0600 and its missing directories with
/// mode 0700. A history file that cannot be read or written costs one call to `warn` (a message such as
/// `warning: cannot read the history file …; history will not be saved.`), after which the history stays in
/// memory only.
public final class LineEditor: Sendable {
  /// Whether standard input and standard output are both terminals and `TERM` is not `dumb`: when a line
  /// editor can be used.
  public static var isAvailable: Bool {
    guard TTY.standardInputIsTerminal, TTY.standardOutputIsTerminal else { return false }
    guard let term = getenv("TERM") else { return true }
    return String(cString: term) != "dumb"
  }

  private struct State: Sendable {
    var session: LineEditorSession
    var file: HistoryFile?
    var loaded = false
    /// Lines in the history file, counted to know when to shorten it.
    var fileLineCount = 0
    /// The `errno` of the read of `input` that failed, or 0.
    var readError: Int32 = 0
    /// Whether `readLine` is reading a line now: only then does ``interrupt()`` reach it.
    var isReading = false
  }

  private let state: Locked<State>
  private let capacity: Int
  private let input: Int32
  private let output: Int32
  private let warn: @Sendable (String) -> Void
  /// The pipe ``interrupt()`` writes to, to wake a read waiting for a key; nil if it could not be made.
  private let wakeUp: (readEnd: Int32, writeEnd: Int32)?

  /// Creates a line editor completing `completions` (in the order they are listed on a second Tab,
  /// duplicates ignored) and, after the words of `fileCompletionCommands` (in any case), the file names of
  /// their one argument; keeping history in `historyFile` if given, reading `input` and drawing on
  /// `output`; `warn` receives the one-line warning about an unusable history file.
  public init(
    completions: [String] = [],
    fileCompletionCommands: [String] = [],
    historyFile: String? = nil,
    historyCapacity: Int = History.defaultCapacity,
    input: Int32 = 0,
    output: Int32 = 1,
    warn: @escaping @Sendable (String) -> Void = { Console.standard.printError($0) }
  ) {
    capacity = max(historyCapacity, 1)
    state = Locked(
      State(
        session: LineEditorSession(
          history: History(capacity: capacity), completions: completions,
          fileCompletion: fileCompletionCommands.isEmpty ? .none : .fileSystem(after: fileCompletionCommands)
        ),
        file: historyFile.map { HistoryFile(path: $0) }
      )
    )
    self.input = input
    self.output = output
    self.warn = warn
    wakeUp = makeNonBlockingPipe()
  }

  deinit {
    if let wakeUp {
      close(wakeUp.readEnd)
      close(wakeUp.writeEnd)
    }
  }

  /// Makes the line being read act as if Ctrl-C was typed: `^C`, the line dropped, a fresh prompt. Does nothing
  /// while no line is read.
  ///
  /// For SIGINT sent from outside (`kill -INT`) while a person is at the prompt: in raw mode, Ctrl-C arrives as
  /// a key, but a signal would otherwise be caught and dropped. Call it from the signal's handler
  /// (`withInterruptHandler`); it only writes a byte to a pipe, which the reading thread takes.
  public func interrupt() {
    state.withLock { state in
      guard state.isReading, let wakeUp else { return }
      var byte: UInt8 = 3
      _ = write(wakeUp.writeEnd, &byte, 1)
    }
  }

  /// Why the input ended, when a read failed (`EIO` for a process in a background process group):
  /// `can't read standard input: input/output error`; nil after Ctrl-D, a closed terminal or no end yet.
  public var failure: String? {
    let code = state.withLock { $0.readError }
    return code == 0 ? nil : "can't read standard input: \(describe(errno: code))"
  }

  /// Remembers the first failed read's `errno`, so ``failure`` tells it.
  private func recordReadError(_ code: Int32) {
    state.withLock { state in
      if state.readError == 0 {
        state.readError = code
      }
    }
  }

  /// The history so far, oldest first.
  public var history: [String] {
    state.withLock { $0.session.history.entries }
  }

  /// Shows `prompt` (which may hold ANSI colour sequences), lets the person edit a line, and returns it
  /// without its line ending once they press Enter; nil at end of input (Ctrl-D on an empty line, or the
  /// terminal closed) or after a read error, which ``failure`` then tells.
  ///
  /// The cursor is left at the start of the next line after Enter, and at the end of the line after Ctrl-D.
  public func readLine(prompt: String) async -> String? {
    await withCheckedContinuation { continuation in
      RawMode.queue.async {
        continuation.resume(returning: self.readLineBlocking(prompt: prompt))
      }
    }
  }

  /// Holds what is typed while no line is read (a command running), or with `false` stops holding it.
  ///
  /// Held, the terminal neither echoes nor edits keys: they wait, byte for byte, for the next
  /// ``readLine(prompt:)``, which takes them as typed at its prompt (an Enter among them ends that line at once,
  /// as a shell's typeahead does), instead of showing as a stray line and again in the prompt. Ctrl-C, Ctrl-Z
  /// and Ctrl-\ keep their signals meanwhile, so Ctrl-C still reaches a `withInterruptHandler` scope. The
  /// terminal's own settings come back when holding stops, and at exit or a signal as after raw mode. Does
  /// nothing when `input` is not a terminal.
  ///
  /// ```swift
  /// let line = await editor.readLine(prompt: "> ")
  /// await editor.holdTypeahead(true)
  /// await run(line)
  /// await editor.holdTypeahead(false)
  /// ```
  public func holdTypeahead(_ isHeld: Bool) async {
    await withCheckedContinuation { continuation in
      RawMode.queue.async { [input] in
        if isHeld {
          _ = RawMode.enter(input, keepingSignals: true)
        } else {
          RawMode.leave()
        }
        continuation.resume()
      }
    }
  }

  private func readLineBlocking(prompt: String) -> String? {
    loadHistoryOnce()
    guard RawMode.enter(input) else {
      return readPlainLine(prompt: prompt)
    }
    defer { RawMode.leave() }
    var step = state.withLock { state in
      state.isReading = true
      return state.session.begin(prompt: prompt, columns: columns())
    }
    // A wake-up written while this line was read but not taken is for this line only.
    defer {
      state.withLock { state in
        state.isReading = false
        drainWakeUps()
      }
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      writeAll(step.output, to: output)
      switch step.ending {
      case .line(let line):
        RawMode.leave()
        recordLastLine()
        return line
      case .endOfInput:
        return nil
      case .suspend:
        RawMode.leave()
        TTY.stopAsCtrlZDoes()
        guard RawMode.enter(input) else { return nil }
        step = state.withLock { $0.session.resume(columns: columns()) }
        continue
      case nil:
        break
      }
      if waitForKeysOrWakeUp() {
        step = state.withLock { $0.session.interrupt(columns: columns()) }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
        if errno != EINTR {
          waitUntilReadable(input)
        }
        step = (output: "", ending: nil)
        continue
      }
      guard count > 0 else {
        if count < 0 {
          recordReadError(errno)
        }
        return nil
      }
      let bytes = buffer[0..<count]
      step = state.withLock { $0.session.feed(bytes, columns: columns()) }
    }
  }

  /// Waits until `input` has keys (or is closed or broken) or ``interrupt()`` wrote a wake-up; true for a
  /// wake-up, which is taken. Without the pipe, returns false at once, and the read that follows waits alone.
  private func waitForKeysOrWakeUp() -> Bool {
    guard let wakeUp else { return false }
    var requests = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&requests, 2, -1) < 0 {
      guard errno == EINTR else { return false }
    }
    guard requests[1].revents & Int16(POLLIN) != 0 else { return false }
    drainWakeUps()
    return true
  }

  /// Reads every byte in the wake-up pipe, which never blocks.
  private func drainWakeUps() {
    guard let wakeUp else { return }
    var bytes = [UInt8](repeating: 0, count: 16)
    while bytes.withUnsafeMutableBytes({ read(wakeUp.readEnd, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Reads a line without editing, when `input` is not a terminal after all: writes the prompt, reads up to
  /// a newline, repairs invalid UTF-8 and removes a `"\n"` or `"\r\n"` ending; the line still joins the
  /// history.
  private func readPlainLine(prompt: String) -> String? {
    writeAll(prompt, to: output)
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(input, &byte, 1)
      if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
        if errno != EINTR {
          waitUntilReadable(input)
        }
        continue
      }
      guard count == 1 else {
        if count < 0 {
          recordReadError(errno)
          return nil
        }
        if bytes.isEmpty { return nil }
        break
      }
      if byte == UInt8(ascii: "\n") { break }
      bytes.append(byte)
    }
    if bytes.last == UInt8(ascii: "\r") {
      bytes.removeLast()
    }
    let line = String(decoding: bytes, as: UTF8.self)
    state.withLock { $0.session.record(line) }
    recordLastLine()
    return line
  }

  /// Asked before every redraw, as the window may have been resized since the last key.
  private func columns() -> Int {
    TTY.columns(of: output) ?? 80
  }

  private func loadHistoryOnce() {
    let (file, capacity) = state.withLock { state -> (HistoryFile?, Int) in
      guard !state.loaded else { return (nil, 0) }
      state.loaded = true
      return (state.file, self.capacity)
    }
    guard let file else { return }
    switch file.load(capacity: capacity) {
    case .success(let contents):
      state.withLock { state in
        state.session = LineEditorSession(
          history: contents.history, completions: state.session.completions,
          fileCompletion: state.session.fileCompletion
        )
        state.fileLineCount = contents.lineCount
      }
      if contents.lineCount > capacity || contents.skippedOlderText {
        shorten(file, to: contents.history)
      }
    case .failure(let error):
      disablePersistence(warning: error)
    }
  }

  /// Appends the line just entered to the history file, as it was stored (without control characters),
  /// when it became a history entry.
  private func recordLastLine() {
    let (file, history, lineCount) = state.withLock { state -> (HistoryFile?, History, Int) in
      guard state.session.lastLineWasAdded, let file = state.file else { return (nil, state.session.history, 0) }
      state.fileLineCount += 1
      return (file, state.session.history, state.fileLineCount)
    }
    guard let file, let entry = history.entries.last else { return }
    if let error = file.append(entry) {
      disablePersistence(warning: error)
    } else if lineCount > capacity {
      shorten(file, to: history)
    }
  }

  private func shorten(_ file: HistoryFile, to history: History) {
    if let error = file.rewrite(with: history) {
      disablePersistence(warning: error)
    } else {
      state.withLock { $0.fileLineCount = history.entries.count }
    }
  }

  private func disablePersistence(warning: HistoryFileError) {
    state.withLock { $0.file = nil }
    warn(warning.message)
  }
}

/// Blocks until `fileDescriptor` has input (or is closed or broken), for a descriptor another program left
/// in non-blocking mode; the next `read` then returns data, end of input or the error.
private func waitUntilReadable(_ fileDescriptor: Int32) {
  var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
  while poll(&request, 1, -1) < 0 && errno == EINTR {}
}
