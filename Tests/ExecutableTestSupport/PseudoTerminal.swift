public import Foundation
import Synchronization
public import Testing

import Platform

/// An executable of this package running in a new pseudo-terminal, driven like a person at a keyboard.
///
/// ```swift
/// let terminal = try PseudoTerminal(Executable("counter-demo"), environment: ["HOME": home, "TERM": "xterm"])
/// try await terminal.waitFor("count 0> ")
/// try terminal.type("+\r")
/// try await terminal.waitFor("count 1> ")
/// try terminal.type("\u{04}")   // Ctrl-D
/// #expect(try await terminal.waitForExit() == .exited(0))
/// ```
///
/// The child's standard input, output and error are the terminal's slave side, which is also its
/// controlling terminal (it runs in a new session), so `isatty` is true and Ctrl-C typed while the terminal
/// is in its normal mode becomes SIGINT. It gets exactly `environment` (nothing is inherited), default signal dispositions and an
/// empty signal mask. Output is read on a dedicated thread and kept in full; waiting never blocks a thread
/// of Swift's cooperative pool. Once the child has ended, a marker is written behind its output and the
/// output read up to the marker, so `waitForExit` returns with every byte the child wrote already in `output`.
/// The child is killed when the terminal is deinitialised while it still runs. A session of an executable with a
/// ``SessionReplay`` is recorded, and replayed by ``waitForExit(timeout:sourceLocation:)``.
public final class PseudoTerminal: Sendable {
  /// How a child process ended.
  public enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal with this number ended it.
    case signaled(Int32)
  }

  /// The child's process id.
  public let processIdentifier: pid_t
  private let reader: Reader
  private let termination = Mutex<Termination?>(nil)
  private let session: RecordedSession?
  private let replayed = Mutex<ReplayedSession?>(nil)

  /// What the replay of the session's recording did, once ``waitForExit(timeout:sourceLocation:)`` has
  /// returned (see ``SessionReplay``); nil before, or when the session was not recorded or left no recording.
  public var replay: ReplayedSession? { replayed.withLock { $0 } }

  private var master: Int32 { reader.master }
  private var slave: Int32 { reader.slave }

  /// Starts `executable` with `arguments` in a new terminal of `columns` × `rows`.
  ///
  /// A non-empty `launcher` is a command, its program given by its full path, that starts the executable: the
  /// executable's path and `arguments` are appended to it, and the launcher is the terminal's first process (a
  /// shell that runs the executable as a job, say).
  ///
  /// A session is recorded as ``Executable/run(_:input:environment:launcher:timeout:sessionReplay:sourceLocation:)``
  /// records one, unless `sessionReplay` skips it.
  ///
  /// - Throws: ``ExecutableFailure`` when the binary is not found or the terminal or process cannot be made.
  public init(
    _ executable: Executable,
    arguments: [String] = [],
    environment: [String: String],
    columns: Int = 80,
    rows: Int = 24,
    launcher: [String] = [],
    sessionReplay: SessionReplay.Check = .checked
  ) throws {
    let path = try executable.url().path
    session = try RecordedSession(executable, arguments: arguments, check: sessionReplay)
    let arguments = session?.arguments ?? arguments
    let functions = try PseudoTerminalFunctions()
    let master = functions.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw ExecutableFailure(description: "posix_openpt failed: \(Self.error())") }
    guard functions.grant(master) == 0, functions.unlock(master) == 0 else {
      close(master)
      throw ExecutableFailure(description: "grantpt/unlockpt failed: \(Self.error())")
    }
    var name = [CChar](repeating: 0, count: 256)
    guard functions.slaveName(master, &name, name.count) == 0 else {
      close(master)
      throw ExecutableFailure(description: "ptsname_r failed: \(Self.error())")
    }
    let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      close(master)
      throw ExecutableFailure(description: "cannot open \(slavePath): \(Self.error())")
    }
    var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    // A Ctrl-C typed here must not throw away output the test has not read yet (the terminal's default).
    var settings = termios()
    if tcgetattr(slave, &settings) == 0 {
      settings.c_lflag |= tcflag_t(NOFLSH)
      _ = tcsetattr(slave, TCSANOW, &settings)
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid (attributes are applied first) and without O_NOCTTY: it becomes the controlling
    // terminal of the child's new session.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let setSession: Int32 = 0x80  // POSIX_SPAWN_SETSID from glibc's spawn.h, not imported into Swift.
    posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signalNumber in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] {
      sigaddset(&defaults, signalNumber)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)

    let argv = (launcher + [path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    let program = launcher.first ?? path
    let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      close(master)
      close(slave)
      throw ExecutableFailure(description: "could not start \(program): \(describe(errno: spawned))")
    }
    processIdentifier = pid
    // Writes never block: `type` waits for room with a deadline instead.
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    reader = Reader(master: master, slave: slave)
    let thread = Thread { [reader] in reader.run() }
    thread.name = "PseudoTerminal reader"
    thread.start()
  }

  deinit {
    // The reader thread polls with a short timeout and closes both descriptors when it sees the flag.
    reader.stop.store(true, ordering: .sequentiallyConsistent)
    if termination.withLock({ $0 }) == nil {
      let pid = processIdentifier
      kill(pid, SIGKILL)
      Thread.detachNewThread {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
      }
    }
  }

  /// Sends `keys` as typed: `"\r"` is Enter, `"\u{03}"` Ctrl-C, `"\u{04}"` Ctrl-D, `"\u{1B}[A"` Up.
  ///
  /// Meant for a few keys, which fit in the terminal's input buffer at once: when the child does not read
  /// them, this blocks the calling thread for up to `timeout` waiting for room. Send long text with
  /// `paste(_:timeout:)`.
  ///
  /// - Throws: ``ExecutableFailure`` when the terminal cannot be written to, or has no room within `timeout`.
  public func type(_ keys: String, timeout: Duration = hangBound) throws {
    let deadline = ContinuousClock.now + timeout
    var remaining = Array(keys.utf8)[...]
    while !remaining.isEmpty {
      guard ContinuousClock.now < deadline else {
        throw ExecutableFailure(description: "the child did not read what was typed within \(timeout)")
      }
      if try writeSome(&remaining) {
        continue
      }
      var request = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
      _ = poll(&request, 1, 50)
    }
  }

  /// Types `keys` the moment the output shows `text` (after what ``waitFor(_:timeout:)`` has matched so far),
  /// from the thread that reads the terminal, and returns at once.
  ///
  /// ```swift
  /// terminal.type("\u{03}", onceItShows: "primes stored  (Ctrl-C stops)")
  /// try terminal.type("import big.txt\r")
  /// _ = try await terminal.waitFor("Stopped importing")
  /// ```
  ///
  /// For keys that must come while something short-lived is on the screen (Ctrl-C while a long import shows its
  /// progress): a test's task that waits for the text can be kept from running for seconds when the whole suite
  /// shares a loaded machine, and type too late. One such wish at a time; a later call replaces it.
  public func type(_ keys: String, onceItShows text: String) {
    reader.buffer.withLock { state in
      state.typeOnceShown = (Array(text.utf8), Array(keys.utf8), from: state.consumed)
    }
  }

  /// Sends `text` as pasted, as fast as the child reads it, waiting (without blocking a thread) whenever
  /// the terminal's input buffer is full.
  ///
  /// - Throws: ``ExecutableFailure`` when the terminal cannot be written to, or the child has not read all
  ///   of `text` within `timeout`, with the output after the last match.
  public func paste(_ text: String, timeout: Duration = hangBound) async throws {
    let deadline = ContinuousClock.now + timeout
    var remaining = Array(text.utf8)[...]
    while !remaining.isEmpty {
      guard ContinuousClock.now < deadline else {
        throw ExecutableFailure(
          description: "the terminal took only \(text.utf8.count - remaining.count) of \(text.utf8.count) bytes pasted "
            + "within \(timeout) (the child stopped reading); output after the last match: "
            + String(unconsumed.suffix(500)).debugDescription
        )
      }
      // The terminal takes what its input buffer has room for; after a write that left text over, wait for
      // the child to read before writing again, so this loop never keeps a thread of the pool (which runs
      // every test's tasks and effects) busy for the length of a paste.
      let wrote = try writeSome(&remaining)
      if !remaining.isEmpty {
        try await Task.sleep(for: .milliseconds(wrote ? 2 : 10))
      }
    }
  }

  /// Writes what the terminal takes of `bytes` and drops it from them; false when the terminal is full (no
  /// byte was taken).
  private func writeSome(_ bytes: inout ArraySlice<UInt8>) throws -> Bool {
    let count = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes.removeFirst(count)
      return true
    }
    if count < 0 && errno == EINTR {
      return true
    }
    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
      return false
    }
    throw ExecutableFailure(description: "cannot write to the terminal: \(Self.error())")
  }

  /// Everything the child has written so far, decoded as UTF-8.
  public var output: String {
    reader.buffer.withLock { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// Waits until `text` appears in the output after the end of the previous match, and returns the output
  /// from there up to and including `text`; the next wait starts after it.
  ///
  /// - Throws: ``ExecutableFailure`` with the output so far when `text` does not appear within `timeout`
  ///   or the terminal closes first.
  @discardableResult
  public func waitFor(_ text: String, timeout: Duration = hangBound) async throws -> String {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      let found = reader.buffer.withLock { state -> String? in
        guard let end = Self.end(of: needle, in: state.bytes, from: state.consumed) else { return nil }
        let segment = String(decoding: state.bytes[state.consumed..<end], as: UTF8.self)
        state.consumed = end
        return segment
      }
      if let found {
        return found
      }
      // Once the child has ended and every byte it wrote has been read, the text can no longer come.
      let ended = exitedAndDrained()
      guard !ended, ContinuousClock.now < deadline else {
        throw ExecutableFailure(
          description: "\(ended ? "the process ended" : "timed out") waiting for \(text.debugDescription); "
            + "output after the last match: \(unconsumed.debugDescription)"
        )
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// The output not yet matched by `waitFor`.
  public var unconsumed: String {
    reader.buffer.withLock { String(decoding: $0.bytes[$0.consumed...], as: UTF8.self) }
  }

  /// Waits for the child to end and for everything it wrote to be read, so `output` and `unconsumed` are
  /// complete when this returns; kills the child after `timeout`.
  ///
  /// A recorded session is then replayed, once: a replay that fails is an issue at `sourceLocation`, and
  /// ``replay`` says what it did.
  ///
  /// - Throws: ``ExecutableFailure`` when it had to be killed, or its output did not end within `timeout`
  ///   (the terminal's output was stopped).
  public func waitForExit(
    timeout: Duration = hangBound,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Termination {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let ended = reap(), exitedAndDrained() {
        if let session {
          let signal: Int32? = if case let .signaled(number) = ended { number } else { nil }
          let replay = await session.check(endedBy: signal, sourceLocation: sourceLocation)
          replayed.withLock { $0 = $0 ?? replay }
        }
        return ended
      }
      guard ContinuousClock.now < deadline else {
        let running = reap() == nil
        if running {
          kill(processIdentifier, SIGKILL)
        }
        throw ExecutableFailure(
          description: running
            ? "still running after \(timeout); killed. Output: \(output.debugDescription)"
            : "exited, but its terminal output did not end within \(timeout). Output: \(output.debugDescription)"
        )
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Whether the child has ended and all its output has been read.
  private func exitedAndDrained() -> Bool {
    guard reap() != nil else { return false }
    return reader.drainAfterExit()
  }

  /// Sends `signal` to the child.
  public func send(signal: Int32) {
    kill(processIdentifier, signal)
  }

  /// Whether the terminal is in its normal line-by-line mode with echo (canonical mode, echo, signal
  /// keys on), as a shell expects to find it; nil if the settings cannot be read.
  public var isInNormalMode: Bool? {
    var settings = termios()
    guard tcgetattr(slave, &settings) == 0 else { return nil }
    let wanted = tcflag_t(ICANON | ECHO | ISIG)
    return settings.c_lflag & wanted == wanted
  }

  /// Whether the terminal is in raw mode: no canonical mode, no echo, no signal keys; nil if unreadable.
  public var isInRawMode: Bool? {
    var settings = termios()
    guard tcgetattr(slave, &settings) == 0 else { return nil }
    return settings.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0
  }

  private func reap() -> Termination? {
    termination.withLock { termination in
      if let termination {
        return termination
      }
      var status: Int32 = 0
      guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else { return nil }
      let signal = status & 0x7F
      termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
      return termination
    }
  }

  private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty else { return start }
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<index + needle.count].elementsEqual(needle) {
      return index + needle.count
    }
    return nil
  }

  private static func error() -> String {
    describe(errno: errno)
  }
}

/// Reads the terminal's output on its own thread until told to stop, then closes the terminal.
private final class Reader: Sendable {
  /// What has been read, how much of it `waitFor` has matched, and the state of the end marker.
  struct State {
    var bytes: [UInt8] = []
    var consumed = 0
    /// Where the end marker is looked for, once it has been written.
    var markerSearchStart: Int?
    /// Whether the end marker has come through (and was removed): everything written before it is here.
    var drained = false
    /// Keys to type once `text` is in `bytes` after `from` (``PseudoTerminal/type(_:onceItShows:)``).
    var typeOnceShown: (text: [UInt8], keys: [UInt8], from: Int)?
  }

  let master: Int32
  /// The slave side, kept open here so output written just before the child exits can still be read and the
  /// terminal's settings can be inspected afterwards; the end marker is written to it.
  let slave: Int32
  let buffer = Mutex(State())
  let stop = Atomic<Bool>(false)
  /// Written to the slave side once the child has ended: the terminal delivers bytes in order, so once the
  /// marker is read, so is every byte the child wrote. Its bytes survive any output processing (no newline,
  /// carriage return, tab or lower-case letter).
  private let marker = Array("\u{1}PSEUDO-TERMINAL-END-\(UUID().uuidString)\u{2}".utf8)

  init(master: Int32, slave: Int32) {
    self.master = master
    self.slave = slave
  }

  /// Call only after the child has ended: writes the end marker the first time, and says whether it has
  /// been read (it is then removed from the output).
  func drainAfterExit() -> Bool {
    let (drained, writesMarker) = buffer.withLock { state -> (Bool, Bool) in
      if state.drained {
        return (true, false)
      }
      guard let start = state.markerSearchStart else {
        state.markerSearchStart = state.bytes.count
        return (false, true)
      }
      guard let found = Self.range(of: marker, in: state.bytes, from: start) else { return (false, false) }
      state.bytes.removeSubrange(found)
      if state.consumed > found.lowerBound {
        state.consumed = max(found.lowerBound, state.consumed - found.count)
      }
      state.drained = true
      return (true, false)
    }
    if writesMarker {
      // Outside the lock: should the terminal be full, the reader thread empties it meanwhile.
      writeMarker()
    }
    return drained
  }

  /// Writes the end marker to the slave side.
  private func writeMarker() {
    write(marker, to: slave)
  }

  /// Writes all of `bytes` to `descriptor`, or what it takes before it fails.
  private func write(_ bytes: [UInt8], to descriptor: Int32) {
    var remaining = bytes[...]
    while !remaining.isEmpty {
      let count = remaining.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        remaining.removeFirst(count)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<index + needle.count].elementsEqual(needle) {
      return index..<index + needle.count
    }
    return nil
  }

  func run() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !stop.load(ordering: .sequentiallyConsistent) {
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        let keys = buffer.withLock { state -> [UInt8]? in
          state.bytes += chunk[0..<count]
          // The text may have begun in an earlier chunk.
          guard let wish = state.typeOnceShown,
            case let start = max(wish.from, state.bytes.count - count - wish.text.count),
            Self.range(of: wish.text, in: state.bytes, from: start) != nil
          else { return nil }
          state.typeOnceShown = nil
          return wish.keys
        }
        if let keys {
          write(keys, to: master)  // typed
        }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        usleep(50_000)
      }
    }
    close(master)
    close(slave)
  }
}

/// The C library's pseudo-terminal functions, which Swift's Glibc module leaves out (glibc declares them
/// only for `_XOPEN_SOURCE`), looked up by name in the running process.
private struct PseudoTerminalFunctions {
  let openMaster: @convention(c) (Int32) -> Int32
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let slaveName: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  init() throws {
    guard let process = dlopen(nil, RTLD_NOW) else {
      throw ExecutableFailure(description: "dlopen of the running process failed")
    }
    func lookUp<Function>(_ name: String, as type: Function.Type) throws -> Function {
      guard let symbol = dlsym(process, name) else {
        throw ExecutableFailure(description: "the C library has no \(name)")
      }
      return unsafeBitCast(symbol, to: type)
    }
    openMaster = try lookUp("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    grant = try lookUp("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    unlock = try lookUp("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    slaveName = try lookUp(
      "ptsname_r",
      as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self
    )
  }
}
