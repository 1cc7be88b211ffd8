import Dispatch
import Synchronization

/// The one connection of a process to a database file, and its one serial owner: safe to use from any task.
///
/// ``read(_:)``, ``write(_:)`` and ``withConnection(_:)`` are the way in: their closures run one at a time, in
/// arrival order, on a serial executor of this database's own, so a write waiting seconds for another
/// process's lock never holds a thread of Swift's cooperative pool. Nothing else touches the connection, so it
/// is never used by two threads at once (which is what lets it run in SQLite's multi-thread mode); it never
/// escapes a closure either, since results must be `Sendable` and a ``Connection`` is not. A closure must not
/// call its own database again: that call throws ``SQLiteError/reentrantCall`` instead of waiting for itself
/// forever.
///
/// Work that must happen before anyone else may use the file (checks, migrations) is done on a
/// ``Connection`` first, which ``init(_:)`` then takes over.
public final class Database: Sendable {
  /// The connection; nil once ``close(lastUse:)`` has run.
  // Safe without a lock: only blocks running on `executor`, a serial queue, read or write it (`runOnExecutor`
  // checks it is on that queue; `close(lastUse:)` writes it there with `sync`), so no two threads ever touch it
  // at once, and each block sees what the one before it left (the queue orders them). `init` writes it before
  // `self` is shared, and the last release (which closes it) comes after every block, each of which holds `self`.
  private nonisolated(unsafe) var connection: Connection?
  /// The serial owner of `connection`: every call runs its closure here, on a thread that is not one of the
  /// cooperative pool's.
  let executor = DispatchQueue(label: "SQLite.Database")
  /// How many calls wait for `executor`; see ``waitingCallCount``.
  let waiting = Atomic<Int>(0)
  /// Set by ``close(lastUse:)`` before it waits for its turn: a call that has not started by then throws
  /// ``SQLiteError/closed`` instead of running.
  private let closeRequested = Atomic<Bool>(false)
  /// The interruptions of the interruptible calls not finished yet (``withConnection(interruptible:)``), by the
  /// call: ``close(lastUse:)`` requests them all, so that long work that may be abandoned does not hold up a
  /// close (a signal's, which the process's end bounds).
  let openInterruptions = Mutex<[ObjectIdentifier: Interruption]>([:])

  /// Opens the database at `path`; see ``Connection/init(path:mode:busyTimeout:)``.
  public convenience init(
    path: String,
    mode: Connection.Mode = .readWriteCreate,
    busyTimeout: Duration = .seconds(5)
  ) throws {
    self.init(try Connection(path: path, mode: mode, busyTimeout: busyTimeout))
  }

  /// Takes over `connection`, which from now on is used only through this database.
  public init(_ connection: sending Connection) {
    self.connection = connection
  }

  /// Runs `body` with the connection; on `executor` only, with the mark that makes a call from inside `body`
  /// throw ``SQLiteError/reentrantCall``.
  func runOnExecutor<Result>(_ body: (Connection) throws -> Result) throws -> Result {
    dispatchPrecondition(condition: .onQueue(executor))
    guard !closeRequested.load(ordering: .acquiring), let connection else {
      throw SQLiteError.closed
    }
    return try HeldDatabases.$identifiers.withValue(HeldDatabases.identifiers + [ObjectIdentifier(self)]) {
      try body(connection)
    }
  }

  /// Whether ``close(lastUse:)`` has been called: tests use it to know a close is waiting for its turn.
  var closeWasRequested: Bool {
    closeRequested.load(ordering: .acquiring)
  }

  /// Throws ``SQLiteError/reentrantCall`` when the calling thread or task is inside a closure of this
  /// database (or is a task started from one), where waiting for the connection would never end.
  func requireNotInOwnClosure() throws {
    if HeldDatabases.identifiers.contains(ObjectIdentifier(self)) {
      throw SQLiteError.reentrantCall
    }
  }

  /// Closes the connection after the call in progress, if any, has finished: calls that have not started
  /// yet throw ``SQLiteError/closed``, as every later one does.
  ///
  /// `lastUse` runs first, with the connection, in turn like any call: for work that belongs to the end of
  /// a session (a last checkpoint, a cache kept for the next start). Then a passive checkpoint copies every
  /// committed change into the main file, without waiting for anyone, so even when other connections keep
  /// the log open the main file holds what this one wrote (unless a reader of another connection still needs
  /// an older page). When this was the last connection to a WAL database, SQLite then checkpoints the log
  /// into the main file and deletes the `-wal` and `-shm` files, so the main file alone holds everything.
  ///
  /// Blocks its caller until done: for the end of a process, from any thread but this database's own.
  ///
  /// - Returns: the error that checkpoint failed with (e.g. `SQLITE_FULL`, `SQLITE_IOERR`): the changes not
  ///   copied are then still only in the `-wal`, which SQLite keeps. Nil when it succeeded, or only found
  ///   other connections in its way (not a failure), or the database was already closed: closing twice does
  ///   nothing more, and does not run `lastUse`. ``SQLiteError/reentrantCall``, closing nothing, when called
  ///   from inside a closure of this database.
  @discardableResult
  public func close(lastUse: (Connection) -> Void = { _ in }) -> SQLiteError? {
    do {
      try requireNotInOwnClosure()
    } catch {
      return SQLiteError.reentrantCall
    }
    closeRequested.store(true, ordering: .releasing)
    openInterruptions.withLock { interruptions in
      for interruption in interruptions.values {
        interruption.request()
      }
    }
    return executor.sync { () -> SQLiteError? in
      guard let open = connection else { return nil }
      HeldDatabases.$identifiers.withValue(HeldDatabases.identifiers + [ObjectIdentifier(self)]) {
        lastUse(open)
      }
      var failure: SQLiteError?
      do {
        // A checkpoint blocked by another connection answers a row saying so; only a failure throws.
        _ = try open.query("PRAGMA wal_checkpoint(PASSIVE)")
      } catch let error as SQLiteError {
        // Busy or locked only means another connection is in the way: what is left, it or a later close moves.
        switch error {
        case ResultCode.busy, ResultCode.locked: break
        default: failure = error
        }
      } catch {
        failure = SQLiteError(.error, message: "\(error)")
      }
      connection = nil
      return failure
    }
  }
}

/// The databases whose closures the current thread or task is running, bound around each closure: a task
/// started inside one inherits it, so its calls on that database are recognized as re-entrant too.
enum HeldDatabases {
  @TaskLocal static var identifiers: [ObjectIdentifier] = []
}
