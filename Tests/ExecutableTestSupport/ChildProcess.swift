import Foundation
import Synchronization

import Platform

/// A child process started with `posix_spawn` and reaped by a thread of its own, for the test support's runs
/// of the package's binaries.
///
/// Not Foundation's `Process`: on Linux its `run()` copies each `/proc/self/fd` entry's name as a whole
/// 256-byte field, past the end of what `readdir` returned, and now and then that read crosses into an
/// unmapped page and the whole test process dies with SIGSEGV (swift-corelibs-foundation pull request 5472;
/// seen here in a full `swift test` run, in `Process.run`, while another test spawned a child). The test suite
/// starts some thousand children a run, so it cannot afford the odds.
///
/// The child gets the three standard descriptors given, this process's environment with `environment` on top,
/// and no other descriptor of this process (they are closed in the child), so that a pipe another test holds
/// open is not kept open by this child too.
public final class ChildProcess: Sendable {
  /// How a child ended: its exit status, or the signal that ended it.
  public struct Termination: Equatable, Sendable {
    /// Whether it exited (rather than being ended by a signal).
    public var exited: Bool
    /// The exit status when it exited, else the signal's number.
    public var status: Int32

    /// An end: `exited` with `status`, or ended by the signal `status`.
    public init(exited: Bool, status: Int32) {
      self.exited = exited
      self.status = status
    }
  }

  /// The child's process identifier.
  public let processIdentifier: Int32
  /// The arguments it was started with, after its path.
  public let arguments: [String]
  private let state = Mutex<(termination: Termination?, waiters: [CheckedContinuation<Termination, Never>])>(
    (nil, [])
  )

  /// Starts `path` with `arguments`, its standard input, output and error the descriptors given (which this
  /// process keeps, and should close when it no longer needs them); standard input is `/dev/null` when none
  /// is given.
  ///
  /// - Throws: ``ExecutableFailure`` saying why it could not start.
  public init(
    path: String,
    arguments: [String],
    environment: [String: String] = [:],
    standardInput: Int32? = nil,
    standardOutput: Int32,
    standardError: Int32
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput {
      posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
    Self.closeTheRest(in: &actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with no signal blocked and the usual dispositions, whatever this process set.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaultSignals = sigset_t()
    sigfillset(&defaultSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let merged = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    switch spawn(path, arguments: arguments, environment: merged, actions: &actions, attributes: &attributes) {
    case let .success(pid):
      processIdentifier = pid
    case let .failure(error):
      throw ExecutableFailure(description: "could not start \(path): \(describe(errno: error.code))")
    }
    self.arguments = arguments
    let reaper = Thread { [self] in reap() }
    reaper.name = "ChildProcess reaper"
    reaper.start()
  }

  /// How the child ended; nil while it runs.
  public var termination: Termination? {
    state.withLock { $0.termination }
  }

  /// Whether the child is still running (not yet reaped).
  public var isRunning: Bool {
    termination == nil
  }

  /// Waits, without holding a thread, until the child has ended; how it ended.
  public func waitForExit() async -> Termination {
    await withCheckedContinuation { continuation in
      let ended = state.withLock { state -> Termination? in
        if let termination = state.termination { return termination }
        state.waiters.append(continuation)
        return nil
      }
      if let ended {
        continuation.resume(returning: ended)
      }
    }
  }

  /// Sends `signal` to the child, unless it has been reaped (its identifier could then be another process's).
  public func send(signal: Int32) {
    state.withLock { state in
      if state.termination == nil {
        _ = kill(processIdentifier, signal)
      }
    }
  }

  /// Waits for the child on this thread, records how it ended and wakes every waiter.
  private func reap() {
    var status: Int32 = 0
    while waitpid(processIdentifier, &status, 0) < 0 {
      guard errno == EINTR else {
        status = 0
        break
      }
    }
    // The wait status, read as <sys/wait.h>'s macros do: the low 7 bits are the signal, 0 when it exited.
    let signal = status & 0x7F
    let ended = signal == 0 ? Termination(exited: true, status: (status >> 8) & 0xFF) : Termination(exited: false, status: signal)
    let waiters = state.withLock { state in
      state.termination = ended
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters {
      waiter.resume(returning: ended)
    }
  }

  /// Adds to `actions` the closing of every descriptor above standard error in the child.
  private static func closeTheRest(in actions: inout posix_spawn_file_actions_t) {
    // glibc 2.34 and later close them all in one action; Swift's Glibc module does not declare it (it is a GNU
    // extension), so it is looked up by name.
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      if closeFrom(&actions, 3) == 0 { return }
    }
    // Otherwise each descriptor open now, one by one (one opened meanwhile by another thread may slip through).
    let limit = min(Int32(clamping: sysconf(Int32(_SC_OPEN_MAX))), 65_536)
    for descriptor in Int32(3)..<max(limit, 3) where fcntl(descriptor, F_GETFD) >= 0 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }
}
