import CSQLite
import Synchronization

/// A request to stop the work running on a connection, made from any thread (a task's cancellation) and
/// honoured by the work itself: a statement stops at its next step with `SQLITE_INTERRUPT`, and a loop of
/// statements stops where it calls ``check()``.
///
/// A loop of short statements (an import's save) calls ``check()`` before each, and throws once it is requested.
///
/// ``Database/withConnection(interruptible:)`` makes one per call and requests it when the calling task is
/// cancelled; a connection honours one through ``Connection/interrupting(when:_:)``. A request is never
/// withdrawn.
public final class Interruption: Sendable {
  private let requested = Atomic<Bool>(false)

  /// An interruption not requested yet.
  public init() {}

  /// Asks the work to stop; safe from any thread, at any time, any number of times.
  public func request() {
    requested.store(true, ordering: .releasing)
  }

  /// Whether ``request()`` has been called.
  public var isRequested: Bool {
    requested.load(ordering: .acquiring)
  }

  /// Throws ``SQLiteError/interrupted`` once the interruption is requested: for a loop to call between
  /// statements, which are too short for SQLite to look at the request while they run.
  public func check() throws {
    if isRequested {
      throw SQLiteError.interrupted
    }
  }
}

extension SQLiteError {
  /// `SQLITE_INTERRUPT`: the work stopped because an ``Interruption`` was requested.
  public static let interrupted = SQLiteError(.interrupt, message: "interrupted")
}

extension Connection {
  /// Runs `body` with SQLite told to stop any statement of this connection, at its next step, once
  /// `interruption` is requested: the statement then fails with `SQLITE_INTERRUPT` (and an open transaction
  /// should be rolled back, as ``transaction(_:_:)`` does). It throws what `body` throws.
  ///
  /// SQLite looks at the request every few hundred steps of a statement's program, which costs nothing
  /// measurable, so a short statement may finish first: a loop of them calls ``Interruption/check()``. The
  /// check is removed when `body` returns.
  public func interrupting<Result, Failure: Error>(
    when interruption: Interruption,
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let context = Unmanaged.passUnretained(interruption).toOpaque()
    sqlite3_progress_handler(handle, 256, { context in
      guard let context else { return 0 }
      return Unmanaged<Interruption>.fromOpaque(context).takeUnretainedValue().isRequested ? 1 : 0
    }, context)
    defer { sqlite3_progress_handler(handle, 0, nil, nil) }
    defer { withExtendedLifetime(interruption) {} }
    return try body()
  }
}
