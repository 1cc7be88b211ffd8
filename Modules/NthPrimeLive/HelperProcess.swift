import Dispatch
import Synchronization

import FoundationEssentials

import Platform

/// A child process whose standard output is read to its end: `posix_spawn` with standard input and error on
/// `/dev/null`, in a process group of its own (so Ctrl-C at the terminal reaches the parent alone, which
/// decides), with no signal blocked.
///
/// ``stop()`` may come at any time from any thread: it kills the child while it has not been reaped, and never
/// signals a process identifier the system may have given to another process since.
final class HelperProcess: Sendable {
  /// How the child ended, and what it wrote.
  struct Outcome: Equatable, Sendable {
    /// The exit status, or `nil` when a signal ended it (or it could not be waited for).
    var exitStatus: Int32?
    /// The signal that ended it, `nil` when it exited (or it could not be waited for, or its output overflowed
    /// and this process killed it).
    var signal: Int32? = nil
    /// Its standard output, up to ``HelperProcess/outputLimit`` bytes.
    var output: [UInt8]
  }

  /// Why a child did not start.
  enum SpawnFailure: Error, Equatable {
    /// No file at the path.
    case notFound
    /// Any other reason, as `errno` says.
    case failed(Int32)
  }

  /// The most of standard output kept: a child writing more is killed and its outcome has no exit status.
  static let outputLimit = 16 << 20

  private let pid: pid_t
  private let output: Int32
  /// Whether the child has been reaped: its process identifier is then free for the system to reuse.
  private let reaped = Mutex(false)

  /// Starts `path` with `arguments` in `environment`.
  init(path: String, arguments: [String], environment: [String: String]) throws(SpawnFailure) {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw .failed(errno) }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    // Close-on-exec, so a child spawned later by another thread does not hold the write end (the end of output
    // would then wait for that child). Set just after pipe(), not atomically: Swift's Glibc does not export
    // pipe2; a spawn in the instant between the two calls could still inherit them. The helper gets the write
    // end as its standard output, which the spawn's dup2 leaves open.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] {
      sigaddset(&defaultSignals, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
    )

    // A just-installed helper may be busy (ETXTBSY) for a moment: `spawn` tries again.
    let spawned = spawn(
      path, arguments: arguments, environment: environment, actions: &actions,
      attributes: &attributes
    )
    close(writeEnd)
    let pid: pid_t
    switch spawned {
    case let .success(spawnedPid):
      pid = spawnedPid
    case let .failure(error):
      close(readEnd)
      throw error.code == ENOENT ? .notFound : .failed(error.code)
    }
    self.pid = pid
    self.output = readEnd
  }

  /// Reads the child's standard output to its end, on a thread of its own, then reaps the child.
  func finish() async -> Outcome {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "NthPrimeLive.helper").async {
        continuation.resume(returning: self.readThenReap())
      }
    }
  }

  /// Kills the child unless it has been reaped.
  func stop() {
    reaped.withLock { isReaped in
      if !isReaped {
        // The whole process group, which is the child's own (its identifier is the child's, not reusable
        // before the child is reaped): a process the child started may hold its standard output open, and
        // the read would wait for that one's end.
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
      }
    }
  }

  private func readThenReap() -> Outcome {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var overflowed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: buffer[..<count])
        if bytes.count > Self.outputLimit {
          overflowed = true
          stop()
          break
        }
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(output)
    // Waits for the child's end without reaping it, so that `stop()` can never reach another process.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    let (status, signal): (Int32?, Int32?) = reaped.withLock { isReaped in
      var status: Int32 = 0
      var waited: pid_t
      repeat {
        waited = waitpid(pid, &status, 0)
      } while waited == -1 && errno == EINTR
      isReaped = true
      guard waited == pid else { return (nil, nil) }
      // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
      return status & 0x7f == 0 ? ((status >> 8) & 0xff, nil) : (nil, status & 0x7f)
    }
    return overflowed
      ? Outcome(exitStatus: nil, output: bytes) : Outcome(exitStatus: status, signal: signal, output: bytes)
  }
}
