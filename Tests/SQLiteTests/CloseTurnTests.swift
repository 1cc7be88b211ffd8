import Dispatch
import Foundation
@testable import SQLite
import Testing

/// ``Database/close(lastUse:)`` takes its turn on the serial executor: after the call running, before any
/// call still waiting, which then finds the database closed.
@Suite(.timeLimit(.minutes(1)))
struct CloseTurnTests {
  @Test func lastUseRunsOnceWithTheConnectionBeforeItCloses() async throws {
    let database = try Database(path: ":memory:")
    try await database.write { try $0.execute("CREATE TABLE t(n INTEGER)") }
    let counted = Shared<Int64?>(nil)
    #expect(database.close { connection in counted.update { $0 = try? rowCount(connection) } } == nil)
    #expect(counted.value == 0)
    counted.update { $0 = nil }
    #expect(database.close { connection in counted.update { $0 = try? rowCount(connection) } } == nil)
    #expect(counted.value == nil)
  }

  @Test func aCallWaitingWhenTheCloseStartsThrowsClosedWithoutRunning() async throws {
    let database = try Database(path: ":memory:")
    let gate = DispatchSemaphore(value: 0)
    let blocker = await occupy(database, until: gate)
    let ran = Shared(false)
    let waiting = Task { try await database.read { _ in ran.update { $0 = true } } }
    await eventually("the read to wait") { database.waitingCallCount == 1 }
    let closed = Task.detached { database.close() }
    // The close waits for the running write; once that ends, the waiting read may not run.
    await eventually("the close to be asked for") { database.closeWasRequested }
    gate.signal()
    #expect(try await boundedResult("the blocking write") { try await blocker.value }?.get() == true)
    #expect(await closed.value == nil)
    let outcome = await boundedResult("the waiting read") { try await waiting.value }
    #expect(throws: SQLiteError.closed) { try outcome?.get() }
    #expect(!ran.value)
  }
}

/// A close does not wait for interruptible work (a load, which only reads): it stops it, running or waiting,
/// so that a signal's close ends the process at once, with the database closed and its `-wal` gone.
@Suite(.timeLimit(.minutes(1)))
struct CloseInterruptsTests {
  /// A statement that would count for minutes.
  private static let endlessCount =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000000000) SELECT count(*) FROM c"

  @Test func aCloseStopsTheInterruptibleWorkRunningAndClosesTheFile() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("long.sqlite3").path
      let database = try Database(path: path)
      try await database.write { connection in
        _ = try connection.query("PRAGMA journal_mode=WAL")
        try connection.execute("CREATE TABLE t(n INTEGER)")
      }
      let started = Shared(false)
      let counting = Task {
        try await database.withConnection(interruptible: { connection, _ in
          started.update { $0 = true }
          return try connection.query(Self.endlessCount).count
        })
      }
      await eventually("the count to start") { started.value }
      let closed = await boundedResult("the close", within: .seconds(20)) { await closeOffThePool(database) }
      #expect(closed.map { (try? $0.get()) == .some(nil) } == true)
      let outcome = await boundedResult("the count") { try await counting.value }
      #expect(throws: CancellationError.self) { try outcome?.get() }
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
      #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }
  }

  @Test func aCloseStopsInterruptibleWorkStillWaitingForItsTurn() async throws {
    let database = try Database(path: ":memory:")
    let gate = DispatchSemaphore(value: 0)
    let blocker = await occupy(database, until: gate)
    let ran = Shared(false)
    let waiting = Task {
      try await database.withConnection(interruptible: { _, _ in ran.update { $0 = true } })
    }
    await eventually("the call to wait") { database.waitingCallCount == 1 }
    let closed = Task { await closeOffThePool(database) }
    await eventually("the close to be asked for") { database.closeWasRequested }
    gate.signal()
    _ = await boundedResult("the blocking write") { try await blocker.value }
    #expect(await closed.value == nil)
    let outcome = await boundedResult("the waiting call") { try await waiting.value }
    #expect(outcome.map { (try? $0.get()) == nil } == true, "it threw")
    #expect(!ran.value)
  }
}

/// Closes `database` on a thread of its own, not one of the cooperative pool's, which a close waiting for its
/// turn would hold (two such on a two-core machine starve the pool).
private func closeOffThePool(_ database: Database) async -> SQLiteError? {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: database.close()) }
  }
}
