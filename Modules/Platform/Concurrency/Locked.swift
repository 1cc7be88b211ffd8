import Synchronization

/// A value shared between threads, read and changed only under its lock.
public final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  /// Creates the lock around `value`.
  public init(_ value: Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value while holding the lock.
  public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    mutex.withLock { body(&$0) }
  }
}
