import Glibc
import Dispatch
import Synchronization

/// Runs `operation` with Ctrl-C (SIGINT) turned into a call of `onInterrupt` instead of ending the process.
///
/// ```swift
/// let result = await withInterruptHandler({ store.send(.cancelNthPrime) }) {
///   await store.send(.nthPrimeButtonTapped).finish()
/// }
/// ```
///
/// While any such scope is active, SIGINT is caught (it no longer ends the process) and handed to a
/// dispatch queue: `onInterrupt` runs there (not on the caller's actor), once per Ctrl-C, so it should only
/// start the cancellation (send an action, cancel a task). Scopes may nest or overlap; every active handler
/// is called. When the last scope ends, SIGINT's previous disposition (normally: end the process) is put
/// back.
///
/// At a terminal in its normal mode, Ctrl-C sends SIGINT to the foreground process; a `LineEditor` reading
/// a line sees Ctrl-C as a key instead. The signal is
/// caught by whichever thread does not block it (the main thread; libdispatch's worker threads block it),
/// so send it to the process (`kill(getpid(), SIGINT)`), not with `raise` from a pool thread.
public func withInterruptHandler<Result>(
  _ onInterrupt: @escaping @Sendable () -> Void,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  let token = InterruptSignal.shared.add(onInterrupt)
  defer { InterruptSignal.shared.remove(token) }
  return try await operation()
}

/// The process-wide SIGINT handling behind `withInterruptHandler`.
///
/// While active, a signal handler writes one stamp per SIGINT to a pipe (`write` is async-signal-safe), and a
/// dispatch read source on the pipe calls the handlers. (A dispatch signal source is not used: on Linux,
/// libdispatch reads signals through a `signalfd`, which never sees a signal that is ignored, or caught
/// by a thread that does not block it.)
///
/// The stamp is the next handler token at the time of the signal, and a signal is delivered only to the
/// handlers whose tokens are below it: those added before it arrived and not removed yet. So a Ctrl-C
/// that is still in the pipe, or read but not yet delivered, when its scope ends never reaches the
/// handler of a later scope (it would cancel the next command).
final class InterruptSignal: Sendable {
  static let shared = InterruptSignal()

  private struct State: ~Copyable {
    var handlers: [Int: @Sendable () -> Void] = [:]
    var nextToken = 0
    var isActive = false
    var previous = sigaction()
    /// The read end of the pipe and the source watching it, made on first use and kept for the process.
    var reader: (any DispatchSourceRead)?
  }

  private let state = Mutex(State())
  /// Where handlers run.
  let queue = DispatchQueue(label: "Platform.InterruptSignal")

  /// Whether SIGINT is currently turned into calls of handlers.
  var isActive: Bool {
    state.withLock { $0.isActive }
  }

  /// Adds a handler, catching SIGINT for the first one; returns the token to remove it.
  func add(_ handler: @escaping @Sendable () -> Void) -> Int {
    state.withLock { state in
      let token = state.nextToken
      state.nextToken += 1
      interruptStamp.store(state.nextToken, ordering: .sequentiallyConsistent)
      state.handlers[token] = handler
      if !state.isActive, prepareReader(&state) {
        state.isActive = setSignalHandler(SIGINT, to: notifyInterrupt, previous: &state.previous) == 0
      }
      return token
    }
  }

  /// Removes a handler; the last one out restores SIGINT's previous disposition.
  func remove(_ token: Int) {
    state.withLock { state in
      state.handlers[token] = nil
      guard state.handlers.isEmpty, state.isActive else { return }
      sigaction(SIGINT, &state.previous, nil)
      state.isActive = false
    }
  }

  /// Makes the pipe and its read source once; false if the pipe cannot be made (SIGINT is then left alone).
  private func prepareReader(_ state: inout State) -> Bool {
    if state.reader != nil {
      return true
    }
    guard let (readEnd, writeEnd) = makeNonBlockingPipe() else { return false }
    interruptPipe.store(writeEnd, ordering: .sequentiallyConsistent)
    let reader = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
    reader.setEventHandler { [weak self] in
      // Each stamp is written whole (fewer than PIPE_BUF bytes), so reads of whole stamps get whole stamps.
      var stamps = [Int](repeating: 0, count: 8)
      while true {
        let count = stamps.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        for stamp in stamps.prefix(count / MemoryLayout<Int>.size) {
          self?.deliver(stamp: stamp)
        }
      }
    }
    reader.resume()
    state.reader = reader
    return true
  }

  /// Calls the handlers that were added before the signal stamped `stamp` arrived and are still there.
  func deliver(stamp: Int) {
    let handlers = state.withLock { state in
      state.handlers.filter { $0.key < stamp }.sorted { $0.key < $1.key }.map(\.value)
    }
    for handler in handlers {
      handler()
    }
  }

  /// The stamp a SIGINT arriving now would carry.
  var currentStamp: Int {
    interruptStamp.load(ordering: .sequentiallyConsistent)
  }
}

/// The write end of the interrupt pipe, for the signal handler; -1 until it exists.
private let interruptPipe = Atomic<Int32>(-1)

/// The next handler token, which the signal handler writes as its stamp.
private let interruptStamp = Atomic<Int>(0)

/// The SIGINT handler: one stamp into the pipe, errno preserved.
private func notifyInterrupt(_: Int32) {
  let savedErrno = errno
  var stamp = interruptStamp.load(ordering: .sequentiallyConsistent)
  _ = write(interruptPipe.load(ordering: .sequentiallyConsistent), &stamp, MemoryLayout<Int>.size)
  errno = savedErrno
}
