public import FavoritePrimes
public import FoundationEssentials
import Primes
import SQLite
import Synchronization

import Platform

/// PrimeTime's favourites and their activity history, kept in one SQLite file that survives crashes.
///
/// Opening checks the file before changing anything: a file that is not a database, is corrupt, belongs to
/// another application or was made by a newer PrimeTime is refused with a ``FavoritePrimesDatabaseError``
/// and left byte-for-byte as it was. An accepted file is switched to WAL with `synchronous=FULL` (a save
/// that returned is on disk) and migrated to this build's schema in one transaction. An existing file is never
/// deleted or recreated; one this object created is removed again, with its journals and the directories made
/// for it, when it could not be made ready (a file size limit, a full disk) and no other process wrote to it
/// meanwhile.
///
/// Several processes may use one file: a writer waits up to 5 seconds for another's transaction. Loads and
/// saves are `async`: they run one at a time, in arrival order, on the serial executor of the one connection
/// this object owns (a SQLite ``Database``), never on a thread of Swift's cooperative pool. It is safe to share
/// between tasks.
///
/// A list of at least ``snapshotMinimumCount`` favourites that passes the load's check is also kept as one
/// BLOB, written by ``close()`` when the file has none, so a load reads one row instead of a row per favourite
/// and hands the list back as already checked (``FavoritePrimesSync/favoritePrimesWereChecked``). Triggers
/// delete that copy at any change to the list, by any program, and a load then reads the rows.
public final class FavoritePrimesDatabase: Sendable {
  /// The database file's path, as given.
  public let path: String
  /// The directories opening created on the way to ``path`` (mode 0700), absolute, outermost first; empty
  /// when they all existed. A front end may say so: the person who named the path learns what appeared.
  public let createdDirectories: [String]

  private let database: Database
  /// `path` made absolute, as opened.
  private let absolutePath: String
  /// The file opened, and its `-wal` and `-shm` as they were once it was ready: a save or load checks that
  /// `path` still names the file opened, and a close after a move removes the old path's logs only if they are
  /// still these.
  private let opened: (file: FileIdentity?, log: FileIdentity?, sharedMemory: FileIdentity?)
  /// The directory holding the file, absolute, as found when it was opened: named by some errors.
  private let directory: String
  private let now: @Sendable () -> Date
  /// What this object last read or wrote: nil before its first load or save. Only used inside `database`'s
  /// closures, on its executor.
  private let cursor = Mutex<SyncCursor?>(nil)
  /// What ``close()`` found: nil until it has run, then its outcome. Held for the whole close, so a second
  /// close waits for the first and answers the same.
  private let closing = Mutex<FavoritePrimesDatabaseError??>(nil)
  /// The failure ``close()`` reported, copied out once it is known, for ``closeFailure`` to read without
  /// waiting for a close in progress.
  private let reportedCloseFailure = Mutex<FavoritePrimesDatabaseError?>(nil)
  /// Whether a call met damage (an error saying so, or findings of a check): a close then writes nothing
  /// more into the file, not even the copy of the list (see `keepSnapshot(on:replacing:)`).
  let damageSeen = Mutex(false)
  /// Whether a load found a copy of the list it could not use: a close then replaces it, or every start would
  /// read the rows.
  private let unusableSnapshotSeen = Mutex(false)

  /// Opens, checks and if needed creates or migrates the database at `path`.
  ///
  /// Missing directories on the way to `path` are created with mode 0700 (and listed in
  /// ``createdDirectories``); existing ones are left alone. A new database is created with mode 0600 (its
  /// `-wal` and `-shm` follow it), whatever the umask; an existing one keeps its mode.
  /// Everything that can be judged from the files' bytes is judged before SQLite opens them (see
  /// ``inspect(_:)``), so a refused file, its `-wal` and its `-journal` stay byte-identical and nothing is
  /// created beside them. The path is given to SQLite as an absolute path, never as a URI. A database
  /// already at this build's schema is opened without taking the write lock, so another program's long
  /// write transaction does not stop a start. `now` dates the activity events; tests inject a fixed clock.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError``; every case names the path.
  public init(path: String, now: @escaping @Sendable () -> Date = Date.init) throws {
    self.path = path
    self.now = now
    var createdDirectories: [String] = []
    let absolute = try Self.inspect(path, createdDirectories: &createdDirectories)
    self.createdDirectories = createdDirectories
    self.absolutePath = absolute
    let directory = DatabaseFile.parentDirectory(of: absolute)
    self.directory = directory
    // A refused file keeps its log as it was, and the empty log and shared-memory files SQLite made for
    // reading it are removed (no PrimeTime keeps a refused file open, so no other connection is using them):
    // whether SQLite itself failed (a full disk, where it made the log but not the shared memory) or the
    // file was refused after. A database this run creates (nothing was at its path, not even a link) is
    // removed too, with its `-journal` and the directories made for it, when it could not be made ready.
    var status = stat()
    let isNew = lstat(absolute, &status) != 0 && errno == ENOENT
    let created = (
      [SidecarFile.writeAheadLog, .sharedMemory].map { $0.path(of: absolute) }
        + (isNew ? [SidecarFile.rollbackJournal.path(of: absolute), absolute] : [])
    ).filter { !FileManager.default.fileExists(atPath: $0) }
    let madeDirectories = createdDirectories
    func removeCreatedFiles() {
      // A database this run made holds nothing yet; one that does was written by another process meanwhile,
      // and stays with its journals. So does one another process has open (it holds a lock on the file or its
      // shared memory): two processes may make one new file at once, and the one that failed must not take
      // the file from under the other.
      if isNew, !DatabaseFile.holdsNothing(absolute) || DatabaseFile.isLockedByAnotherProcess(absolute) { return }
      for file in created {
        // A log this process made is empty; one that is not was written by another process meanwhile.
        var status = stat()
        if lstat(file, &status) == 0, !file.hasSuffix(SidecarFile.writeAheadLog.suffix) || status.st_size == 0 {
          unlink(file)
        }
      }
      // Then the directories made on the way, innermost first; `rmdir` leaves one something else has put a
      // file in meanwhile.
      for made in madeDirectories.reversed() {
        rmdir(made)
      }
    }
    let journal = SidecarFile.rollbackJournal.path(of: absolute)
    let hadJournal = !isNew && lstat(journal, &status) == 0 && status.st_size > 0
    // A database this run creates is private (0600, as its -wal and -shm then are), whatever the umask; an
    // existing one keeps its mode. Made empty here, before SQLite opens it, and removed as SQLite's would be.
    if isNew {
      DatabaseFile.createPrivately(absolute)
    }
    // Opening works on the connection alone, before the database executor owns it: nothing else can use it yet.
    let connection: Connection
    do {
      connection = try Connection(path: absolute)
    } catch let error as SQLiteError {
      removeCreatedFiles()
      // The path is named by the line already: drop the copy SQLite's message ends with.
      let named = ": " + absolute
      let message = error.message.hasSuffix(named) ? String(error.message.dropLast(named.count)) : error.message
      throw Self.failure(
        SQLiteError(code: error.code, message: message, sql: error.sql, systemErrno: error.systemErrno), path: path,
        directory: directory)
    }
    // On any throw `connection` is released, which closes it before the error reaches the caller. Until the
    // file is accepted that close must not checkpoint.
    do {
      try Self.mapping(path: path, directory: directory) {
        try connection.setCheckpointsOnClose(false)
        try Self.accept(connection, path: path)
        try connection.setCheckpointsOnClose(true)
      }
    } catch let error as FavoritePrimesDatabaseError {
      _ = consume connection
      removeCreatedFiles()
      // A hot -journal that is gone now was played back by SQLite's first read: crash recovery, which a
      // refusal must not call leaving the file untouched.
      if case let .corrupt(path, detail) = error, hadJournal, !FileManager.default.fileExists(atPath: journal) {
        throw FavoritePrimesDatabaseError.corruptAfterRecovery(path: path, detail: detail)
      }
      throw error
    } catch {
      _ = consume connection
      removeCreatedFiles()
      throw error
    }
    do {
      try Self.mapping(path: path, directory: directory) {
        try Self.prepare(connection, path: path)
      }
    } catch {
      // Only a database this run created is cleaned up: another process may be using an existing one's
      // shared memory by now (a migration that waited for its lock, in vain).
      if isNew {
        _ = consume connection
        removeCreatedFiles()
      }
      throw error
    }
    database = Database(connection)
    opened = (
      FileIdentity(of: absolute), FileIdentity(of: SidecarFile.writeAheadLog.path(of: absolute)),
      FileIdentity(of: SidecarFile.sharedMemory.path(of: absolute))
    )
  }

  /// The favourite primes, in the order they were saved (empty when nothing was ever saved), in
  /// ``FavoritePrimesSync/favoritePrimes``; with the activity recorded since this object's last load or save
  /// returned (none on its first call, which starts the count at the latest event).
  ///
  /// It runs on the database's serial executor, after the calls that arrived before it, and never holds a
  /// thread of Swift's cooperative pool. Cancelled before its turn, it throws `CancellationError` without
  /// reading; cancelled while it reads, or closed by ``close()`` meanwhile, it stops and throws
  /// `CancellationError`.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` or `CancellationError`.
  public func load() async throws -> FavoritePrimesSync {
    try await mappingErrors {
      // Interruptible: a load only reads, so a close (a signal's) stops it rather than wait for it.
      try await database.withConnection(interruptible: { connection, _ in try self.mapping { try self.load(on: connection) } })
    }
  }

  /// Runs `work` on the database's executor, in turn with loads and saves: file work that belongs with the
  /// database (an export, an import's read, a backup) then never holds a thread of Swift's cooperative pool,
  /// and a backup copies a state between two saves. Cancelled before its turn, it throws `CancellationError`.
  func inTurn<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await mappingErrors { try await database.withConnection { _ in try work() } }
  }

  /// ``inTurn(_:)`` for work a cancelled task stops: `work` gets the ``Interruption`` the task's cancellation
  /// requests, and then throws `CancellationError` (see ``Database/withConnection(interruptible:)``).
  func inTurn<Result: Sendable>(
    interruptible work: @escaping @Sendable (Interruption) throws -> Result
  ) async throws -> Result {
    try await mappingErrors { try await database.withConnection(interruptible: { _, interruption in try work(interruption) }) }
  }

  /// ``load()`` with the connection held.
  private func load(on connection: Connection) throws -> FavoritePrimesSync {
    try requireOpenedFile()
    return try syncing { seen in
      // One read transaction, so the list, the events and the version remembered are one snapshot.
      try connection.transaction(.deferred) { connection in
        let version = try Self.dataVersion(connection)
        let snapshot = try Self.storedSnapshot(connection)
        if snapshot == .unusable {
          unusableSnapshotSeen.withLock { $0 = true }
        }
        let primes = try snapshot.primes ?? Self.favorites(connection)
        let activity = try seen.map { try Self.events(after: $0.lastEventID, on: connection) } ?? []
        let last = try activity.last?.id ?? seen?.lastEventID ?? Self.lastEventID(connection)
        return (
          SyncCursor(dataVersion: version, lastEventID: last),
          FavoritePrimesSync(
            favoritePrimes: primes, activity: activity, favoritePrimesWereChecked: snapshot.primes != nil)
        )
      }
    }
  }

  /// Stores `changes`, in order, and records an event for each one that altered the list, all in one
  /// transaction dated `now()`; returns what another connection changed meanwhile and the events since this
  /// object's last call.
  ///
  /// An addition appends the prime (after the largest position) unless the list holds it already; a removal
  /// deletes every row holding the prime, if any does. A change that alters nothing (a prime already there, or
  /// not there) records nothing. Only the rows changed are written, each found through the index on the
  /// prime, so a save costs O(changes · log n) however long the list is.
  ///
  /// ``FavoritePrimesSync/favoritePrimes`` is the list after the save, read only when something other than this
  /// object's own saves changed the file since its last load or save (`PRAGMA data_version` says so: another
  /// connection, in this process or another, committed), or before its first; nil otherwise.
  /// ``FavoritePrimesSync/activity`` is every event with an id above the largest this object returned, this
  /// save's own included, oldest first: another PrimeTime's events come with their own dates. Either all of this
  /// is saved or none of it, even if the process is killed meanwhile.
  ///
  /// It runs on the database's serial executor, after the calls that arrived before it, and never holds a
  /// thread of Swift's cooperative pool, even while it waits up to 5 seconds for another process. Cancelled
  /// before its turn, it throws `CancellationError` and saves nothing; once started it saves everything or
  /// nothing, cancelled or not.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` or `CancellationError`; e.g.
  ///   ``FavoritePrimesDatabaseError/sqlite(path:error:)`` with `SQLITE_BUSY` when another process held the
  ///   file for more than 5 seconds.
  @discardableResult
  public func save(_ changes: [Activity.Kind]) async throws -> FavoritePrimesSync {
    try await mappingErrors {
      try await database.withConnection { connection in
        try self.mapping { try self.save(changes, on: connection) }
      }
    }
  }

  /// ``save(_:)`` for a long list of changes (an import's): it calls `progress` with how many changes it has
  /// stored so far, every ``progressStep`` of them, and a cancelled task stops it.
  ///
  /// Cancelled while it runs, it stops within one step of its loop (microseconds), rolls back, and throws
  /// `CancellationError`: nothing of it is stored, and the file holds what it held before. `progress` runs on
  /// the database's thread, between two changes: it must only hand the count on.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` or `CancellationError`.
  @discardableResult
  public func save(
    _ changes: [Activity.Kind],
    progress: @escaping @Sendable (_ stored: Int) -> Void
  ) async throws -> FavoritePrimesSync {
    try await mappingErrors {
      try await database.withConnection(interruptible: { connection, interruption in
        try self.mapping {
          try self.save(changes, on: connection, stopping: interruption, progress: progress)
        }
      })
    }
  }

  /// How many changes an interruptible save stores between two reports of its progress.
  public static let progressStep = 10_000

  /// ``save(_:)`` with the connection held. Its events are dated once the transaction holds the write lock, so
  /// with several PrimeTimes on one file the order of the history's ids (the order of the commits) is also the
  /// order of its dates: a save that waited for another's lock is dated after it.
  private func save(
    _ changes: [Activity.Kind],
    on connection: Connection,
    stopping interruption: Interruption? = nil,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws -> FavoritePrimesSync {
    try requireOpenedFile()
    return try syncing { seen in
      try connection.transaction { connection in
        // Inside the write lock, so no other connection can commit until this one has.
        let version = try Self.dataVersion(connection)
        let after = try seen?.lastEventID ?? Self.lastEventID(connection)
        let date = StoredActivity.milliseconds(now())
        // Each statement is prepared once for the whole save: an import saves thousands of changes at once.
        try connection.withStatement("SELECT EXISTS (SELECT 1 FROM favorite WHERE prime = ?)") { exists in
          // After the largest position, found through the primary key; 0 in an empty list, as files have
          // always numbered them.
          try connection.withStatement(
            "INSERT INTO favorite (position, prime) SELECT coalesce(max(position), -1) + 1, ? FROM favorite"
          ) { append in
            try connection.withStatement("DELETE FROM favorite WHERE prime = ?") { delete in
              try connection.withStatement("INSERT INTO activity_event (kind, prime, date) VALUES (?, ?, ?)") { record in
                for (index, change) in changes.enumerated() {
                  // One atomic load: each statement is too short for SQLite itself to look at the request.
                  try interruption?.check()
                  if index % Self.progressStep == 0 {
                    progress?(index)
                  }
                  let (kind, prime): (StoredActivity.Kind, Int64) =
                    switch change {
                    case let .addedFavoritePrime(prime): (.added, Int64(prime))
                    case let .removedFavoritePrime(prime): (.removed, Int64(prime))
                    }
                  switch kind {
                  case .added:
                    var stored: Int64 = 0
                    try exists.forEachRow([.integer(prime)]) { stored = try $0.integer(0) }
                    guard stored == 0 else { continue }
                    try append.execute(prime)
                  case .removed:
                    try delete.execute(prime)
                    guard connection.changes > 0 else { continue }
                  }
                  try record.execute([.text(kind.rawValue), .integer(prime), .integer(date)])
                }
                progress?(changes.count)
              }
            }
          }
        }
        let known = seen?.dataVersion == version
        let primes = known ? nil : try Self.favorites(connection)
        let activity = try Self.events(after: after, on: connection)
        return (
          SyncCursor(dataVersion: version, lastEventID: activity.last?.id ?? after),
          FavoritePrimesSync(favoritePrimes: primes, activity: activity)
        )
      }
    }
  }

  /// Runs `body`, which reads or writes in one transaction of the held connection, with what this object last
  /// saw, and remembers the cursor it returns.
  ///
  /// If `body` throws, a transaction was rolled back or its outcome is unknown, so what the file holds is no
  /// longer known: the cursor keeps the last event returned but takes a version no connection ever reports,
  /// so the next call reads the list again (and returns it), and returns any event this one may have stored.
  ///
  /// Must be called with the connection held, so the cursor is always this connection's last word.
  private func syncing(
    _ body: (SyncCursor?) throws -> (SyncCursor, FavoritePrimesSync)
  ) throws -> FavoritePrimesSync {
    let seen = cursor.withLock { $0 }
    do {
      let (next, sync) = try body(seen)
      cursor.withLock { $0 = next }
      return sync
    } catch {
      cursor.withLock { cursor in
        cursor = cursor.map { SyncCursor(dataVersion: .min, lastEventID: $0.lastEventID) }
      }
      throw error
    }
  }

  /// Every change ever saved, oldest first; it does not count as returned by a load or save.
  ///
  /// One read on the database's serial executor, which never holds a thread of Swift's cooperative pool.
  /// Cancelled before its turn, it throws `CancellationError` without reading.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` or `CancellationError`.
  public func activity() async throws -> [Activity] {
    try await activityPage(before: nil, limit: nil).activity
  }

  /// The latest `limit` events (all when nil; none when not positive) with ids below `before` (of the whole
  /// history when nil), oldest first, and whether older ones exist. Reads only the rows returned (and one
  /// more), through the primary key, however long the history is.
  ///
  /// One read on the database's serial executor, which never holds a thread of Swift's cooperative pool.
  /// Cancelled before its turn, it throws `CancellationError` without reading.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` or `CancellationError`.
  public func activityPage(before: Int64?, limit: Int?) async throws -> ActivityPage {
    try await mappingErrors {
      try await database.read { connection in
        try self.mapping { try Self.page(before: before, limit: limit, on: connection) }
      }
    }
  }

  /// ``activityPage(before:limit:)`` on `connection`.
  private static func page(before: Int64?, limit: Int?, on connection: Connection) throws -> ActivityPage {
    // One row more than asked for says whether there are earlier ones; SQLite reads a negative limit as none.
    let fetched = limit.map { Int64(max(0, $0)) + ($0 < Int.max ? 1 : 0) } ?? -1
    var activity = try readEvents(
      "SELECT id, kind, prime, date FROM activity_event WHERE id < ? ORDER BY id DESC LIMIT ?",
      [.integer(before ?? .max), .integer(fetched)],
      on: connection
    )
    let hasEarlier = limit.map { activity.count > max(0, $0) } ?? false
    if hasEarlier {
      activity.removeLast()
    }
    return ActivityPage(activity: activity.reversed(), hasEarlier: hasEarlier)
  }

  /// The events `sql` selects as `id, kind, prime, date`, in its order.
  private static func readEvents(_ sql: String, _ arguments: [SQLiteValue], on connection: Connection) throws
    -> [Activity]
  {
    var events: [Activity] = []
    try naming(table: "activity_event", columns: ["id", "kind", "prime", "date"]) {
      try connection.forEachRow(sql, arguments) { row in
        let kind = try row.text(1)
        guard let kind = StoredActivity.Kind(rawValue: kind) else {
          throw SQLiteError(.mismatch, message: "unknown activity kind '\(kind)'")
        }
        events.append(
          StoredActivity.activity(
            id: try row.integer(0), kind: kind, prime: Int(try row.integer(2)), milliseconds: try row.integer(3))
        )
      }
    }
    return events
  }

  /// The events with ids above `id`, oldest first.
  private static func events(after id: Int64, on connection: Connection) throws -> [Activity] {
    try readEvents(
      "SELECT id, kind, prime, date FROM activity_event WHERE id > ? ORDER BY id", [.integer(id)], on: connection)
  }

  /// The largest event id, 0 when there is none.
  private static func lastEventID(_ connection: Connection) throws -> Int64 {
    try connection.integer("SELECT coalesce(max(id), 0) FROM activity_event")
  }

  /// Closes the database, waiting for a load or save in progress; every call that has not started by then,
  /// and every later one, throws.
  ///
  /// Call it before the process exits: the last connection to close moves everything into the main file
  /// and removes the `-wal` and `-shm` files beside it, so the file alone can be copied. Before that, when
  /// the last load or save worked, no call met damage and the file holds no copy of a list of at least
  /// ``snapshotMinimumCount`` favourites that passes the load's check, it writes one, without waiting for
  /// another program's lock; a copy it cannot write is no failure.
  ///
  /// When `path` no longer names the file opened (it was moved or deleted meanwhile), everything in the log
  /// is first copied into the file opened, wherever it now is, and the `-wal` and `-shm` left at the old
  /// path are removed if they are still this connection's and nothing else is at `path`.
  ///
  /// - Returns: ``FavoritePrimesDatabaseError/checkpointFailed(path:error:)`` or
  ///   ``FavoritePrimesDatabaseError/checkpointStoppedByFileSizeLimit(path:)`` when the changes could not be
  ///   copied into the main file (a full disk, an I/O error, the file size limit): they are then still only in
  ///   the `-wal`, which must stay beside the file. Otherwise
  ///   ``FavoritePrimesDatabaseError/damagedAtClose(path:detail:)`` when reading the list for its copy met
  ///   damage no earlier call had, and nil when all went well; another connection keeping the log open is no
  ///   failure. Safe to call more than once and from any thread: every call answers what the first found.
  @discardableResult
  public func close() -> FavoritePrimesDatabaseError? {
    closing.withLock { closing -> FavoritePrimesDatabaseError? in
      if let outcome = closing { return outcome }
      let failure = closeConnection()
      closing = .some(failure)
      reportedCloseFailure.withLock { $0 = failure }
      return failure
    }
  }

  /// What ``close()`` reported, nil while it has not run or is still running; never waits.
  public var closeFailure: FavoritePrimesDatabaseError? {
    reportedCloseFailure.withLock { $0 }
  }

  /// Closes the connection once; see ``close()``.
  private func closeConnection() -> FavoritePrimesDatabaseError? {
    let moved = opened.file != nil && FileIdentity(of: absolutePath) != opened.file
    var damage: String?
    let closeError = database.close { connection in
      if moved {
        _ = try? connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
      } else if cursor.withLock({ $0.map { $0.dataVersion != .min } ?? false }), !damageSeen.withLock({ $0 }) {
        // The last load or save worked, and nothing said the file is damaged: the next start may use a copy.
        damage = keepSnapshot(on: connection, replacing: unusableSnapshotSeen.withLock { $0 })
      }
    }
    let failure = closeError.map { error in
      error.isFileSizeLimit(forDatabaseAt: absolutePath)
        ? FavoritePrimesDatabaseError.checkpointStoppedByFileSizeLimit(path: path)
        : .checkpointFailed(path: path, error: error)
    } ?? damage.map { FavoritePrimesDatabaseError.damagedAtClose(path: path, detail: $0) }
    guard moved, FileIdentity(of: absolutePath) == nil else { return failure }
    let logs = [(SidecarFile.writeAheadLog, opened.log), (.sharedMemory, opened.sharedMemory)]
    for (file, identity) in logs.map({ ($0.path(of: absolutePath), $1) })
    where identity != nil && FileIdentity(of: file) == identity {
      unlink(file)
    }
    return failure
  }

  /// Throws ``FavoritePrimesDatabaseError/movedOrDeleted(path:)`` unless `path` still names the file opened:
  /// a save into a file no path names would be lost at exit.
  private func requireOpenedFile() throws {
    if let file = opened.file, FileIdentity(of: absolutePath) != file {
      throw FavoritePrimesDatabaseError.movedOrDeleted(path: path)
    }
  }

  /// The default database file: `${XDG_DATA_HOME:-~/.local/share}/primetime/primetime.sqlite3`.
  ///
  /// Per the XDG Base Directory spec, an `XDG_DATA_HOME` that is empty or relative is ignored
  /// (``BaseDirectories/dataHome(environment:)``). Returns nil when neither it nor `HOME` is an absolute path.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard let dataHome = BaseDirectories.dataHome(environment: environment) else { return nil }
    return URL(fileURLWithPath: dataHome, isDirectory: true)
      .appendingPathComponent("primetime", isDirectory: true)
      .appendingPathComponent("primetime.sqlite3")
      .path
  }

  // MARK: Opening

  /// Refuses the file unless it is an empty database or one of PrimeTime's at most this build's version.
  /// Only reads.
  ///
  /// Cheap whatever the file holds: the header, application id, version and columns. When opening is going
  /// to write (a switch to WAL, a migration), SQLite's `quick_check` first reads every page, so a damaged file
  /// is refused before anything is written to it. A file that opens without writing (in WAL mode, at this
  /// build's schema: every start but the first) is not read further, so a start does not grow with the file;
  /// its damage is met by the load or save that reads it, and `check` runs the same check on demand
  /// (``integrityCheck()``).
  private static func accept(_ connection: Connection, path: String) throws {
    let tables = try connection.integer("SELECT count(*) FROM sqlite_schema")
    let applicationID = try connection.integer("PRAGMA application_id")
    if tables > 0, applicationID != Schema.applicationID {
      throw FavoritePrimesDatabaseError.foreignApplication(path: path, applicationID: applicationID)
    }
    let version = try connection.userVersion()
    if version > Schema.version {
      throw FavoritePrimesDatabaseError.newerSchema(path: path, version: version, supported: Schema.version)
    }
    if tables > 0, let damage = try schemaDamage(connection, version: version) {
      throw FavoritePrimesDatabaseError.corrupt(path: path, detail: damage)
    }
    // Only before a write: a file in WAL mode at this build's schema opens without one, and its damage is
    // met where it matters, by the load or save that reads the damaged page.
    let writesOnOpening = try version < Schema.version || connection.journalMode() != "wal"
    if tables > 0, writesOnOpening, let damage = try damageFound(connection) {
      throw FavoritePrimesDatabaseError.corrupt(path: path, detail: damage)
    }
  }

  /// What `quick_check` finds wrong with the file, as its first findings; nil when it passes. It reads every
  /// page (about 150 ms for 100,000 favourites and as many events), which is why it runs only before opening
  /// writes: once per file, when it is switched to WAL or migrated.
  private static func damageFound(_ connection: Connection) throws -> String? {
    do {
      let findings = try connection.quickCheck(limit: integrityFindingsKept)
      return findings.isEmpty ? nil : findingsLine(findings)
    } catch let error as SQLiteError where error.saysFileIsDamaged {
      return error.message
    }
  }

  /// What is wrong with the tables of PrimeTime's database (it has PrimeTime's application id and some
  /// tables) for the `version` it records; nil when each table of that version is there with its columns.
  /// Tables PrimeTime does not know are let be.
  private static func schemaDamage(_ connection: Connection, version: Int64) throws -> String? {
    guard version >= 1, let expected = Schema.tables[version] else {
      return "it holds tables, but its schema version is \(version)"
    }
    let prefix = "its tables do not match schema version \(version): "
    for table in expected {
      let columns = try connection.query("SELECT name FROM pragma_table_info(?)", [.text(table.name)]).map {
        try $0.text(0)
      }
      if columns.isEmpty {
        return prefix + "table \(table.name) is missing"
      }
      if columns != table.columns {
        return prefix + "table \(table.name) has the columns \(columns.joined(separator: ", ")), not "
          + table.columns.joined(separator: ", ")
      }
    }
    return nil
  }

  /// Sets full syncs and `secure_delete` to `FAST`, turns on WAL and migrates the accepted database to
  /// ``Schema/version``: an existing one is migrated before the switch to WAL, so a migration that fails
  /// leaves it as it was.
  ///
  /// Takes the write lock only when there is something to write: a database already in WAL mode and at
  /// this build's version is only read, so another program holding the lock does not stop a start.
  private static func prepare(_ connection: Connection, path: String) throws {
    try connection.execute("PRAGMA synchronous = FULL")
    // Deleted rows are still overwritten in their pages, but freed pages are not: where SQLite is built
    // with secure_delete on (Debian's is), deleting the list's copy would write all of it to the log again.
    _ = try connection.query("PRAGMA secure_delete = FAST")
    let isEmpty = try connection.integer("SELECT count(*) FROM sqlite_schema") == 0
    let version = try connection.userVersion()
    // An existing database is migrated first, in one transaction in whatever journal mode it has: when that
    // fails, the file is as it was, not switched to WAL already. A new one is made in WAL mode from the start.
    if version >= Schema.version {
      try connection.switchToWriteAheadLog()
    } else if isEmpty {
      try connection.switchToWriteAheadLog()
      try migrate(connection, path: path)
    } else {
      try migrate(connection, path: path)
      try connection.switchToWriteAheadLog()
    }
  }

  /// Takes the accepted database from its version to ``Schema/version`` in one write transaction, and marks
  /// it as PrimeTime's.
  ///
  /// A statement SQLite refuses (a table the file already has, say: another program made it) means the file's
  /// tables do not allow the migration, which is reported as damage, the file as it was.
  private static func migrate(_ connection: Connection, path: String) throws {
    try connection.transaction { connection in
      do {
        if try Schema.migrator.migrate(connection) < Schema.version {
          try connection.execute(Schema.setApplicationID)
        }
      } catch let failure as Migrator.Failure {
        switch failure {
        case let .newerVersion(version):
          throw FavoritePrimesDatabaseError.newerSchema(path: path, version: version, supported: Schema.version)
        case let .statementRefused(_, error):
          throw FavoritePrimesDatabaseError.corrupt(
            path: path,
            detail: "its tables do not allow the migration to schema version \(Schema.version): \(error.message)"
          )
        }
      }
    }
  }

  // MARK: Errors

  /// Runs `body`, turning a ``SQLiteError`` into the ``FavoritePrimesDatabaseError`` that explains it.
  private func mapping<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try Self.mapping(path: path, directory: directory, body)
    } catch let error as FavoritePrimesDatabaseError {
      throw noting(error)
    }
  }

  /// The `async` form of ``mapping(_:)``, for the errors the database's executor throws itself (closed, a
  /// re-entrant call); what the closures throw is mapped inside them.
  ///
  /// An error saying the file is damaged (``FavoritePrimesDatabaseError/corrupt(path:detail:)``,
  /// ``FavoritePrimesDatabaseError/notADatabase(path:)``) comes back with what `quick_check` finds, which it
  /// runs next in turn: the open only checked what is cheap.
  private func mappingErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
      return try await body()
    } catch let error as SQLiteError {
      throw await withIntegrityFindings(noting(Self.failure(error, path: path, directory: directory)))
    } catch let error as FavoritePrimesDatabaseError {
      throw await withIntegrityFindings(noting(error))
    }
  }

  /// `error`, after remembering in ``damageSeen`` whether it says the file is damaged.
  private func noting(_ error: FavoritePrimesDatabaseError) -> FavoritePrimesDatabaseError {
    switch error {
    case .corrupt, .notADatabase: damageSeen.withLock { $0 = true }
    default: break
    }
    return error
  }

  private static func mapping<Result>(
    path: String,
    directory: String,
    _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw failure(error, path: path, directory: directory)
    }
  }

  /// What `error`, met on the database at `path`, means for the user.
  private static func failure(
    _ error: SQLiteError,
    path: String,
    directory: String
  ) -> FavoritePrimesDatabaseError {
    if error == .closed { return .closed(path: path) }
    switch error.resultCode {
    case .notADatabase:
      return .notADatabase(path: path)
    case .corrupt:
      return .corrupt(path: path, detail: error.message)
    case .mismatch:
      return .unexpectedContent(path: path, detail: error.message)
    case .full:
      return .diskFull(path: path)
    case .ioError where error.isFileSizeLimit(forDatabaseAt: path):
      // E.g. SQLITE_IOERR_SHMSIZE (4874) under `ulimit -f`, with SIGXFSZ ignored; a failed write to the log
      // (SQLITE_IOERR_WRITE, 778) comes without its errno, which SQLite reads after its rollback.
      return .fileSizeLimit(path: path)
    case .ioError where diskIsFull(directory):
      // E.g. SQLITE_IOERR_SHMSIZE (4874): no room to grow the shared-memory file.
      return .diskFull(path: path)
    case .readOnly, .cannotOpen:
      if let refusal = unwritable(directory, named: directory, needing: W_OK | X_OK) { return refusal }
      if FileManager.default.fileExists(atPath: path),
        let refusal = unwritable(path, named: path, needing: W_OK, isDirectory: false)
      {
        return refusal
      }
      return .sqlite(path: path, error: error)
    default:
      return .sqlite(path: path, error: error)
    }
  }

  /// Whether the file system holding `directory` has no block left for this user.
  private static func diskIsFull(_ directory: String) -> Bool {
    var status = statvfs()
    return statvfs(directory, &status) == 0 && status.f_bavail == 0
  }

  // MARK: Queries

  /// The list as the rows of `favorite` hold it, in order.
  static func favorites(_ connection: Connection) throws -> [Int] {
    try naming(table: "favorite", columns: ["prime"]) {
      // Int has 64 bits on every platform PrimeTime builds for, so no value is truncated.
      try connection.integers("SELECT prime FROM favorite ORDER BY position").map { Int(truncatingIfNeeded: $0) }
    }
  }

  /// Runs `body`, which reads `columns` of `table` in that order, so that a value of the wrong type is
  /// reported by the table and column it is in ("the favorite table's prime column holds text, not an
  /// integer"), not by its position in the result.
  private static func naming<Result>(table: String, columns: [String], _ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as SQLiteError where ResultCode.mismatch ~= error {
      // The SQLite module words it "column 2 holds text, not an integer".
      let words = error.message.split(separator: " ", maxSplits: 2)
      guard words.count == 3, words[0] == "column", let index = Int(words[1]), columns.indices.contains(index) else {
        throw error
      }
      throw SQLiteError(
        code: error.code, message: "the \(table) table's \(columns[index]) column \(words[2])", sql: error.sql)
    }
  }

  /// `PRAGMA data_version`: changes whenever another connection commits to the file, never for this
  /// connection's own commits.
  private static func dataVersion(_ connection: Connection) throws -> Int64 {
    try connection.integer("PRAGMA data_version")
  }
}

/// What one ``FavoritePrimesDatabase`` last read or wrote, to tell another connection's changes from its own.
struct SyncCursor: Sendable {
  /// `PRAGMA data_version` at its last load or save: the number changes when another connection, in this
  /// process or another, commits, never for this connection's own commits.
  let dataVersion: Int64
  /// The largest event id it returned (or started from).
  let lastEventID: Int64
}
