import Dispatch
import Foundation
@testable import SQLite
import Testing

/// ``Database/read(_:)`` and ``Database/write(_:)``: one call at a time on the database's own serial executor,
/// in arrival order, never on Swift's cooperative pool; a call from inside a call is an error, not a deadlock;
/// a call cancelled before it starts does not run.
@Suite(.timeLimit(.minutes(2)))
struct DatabaseExecutorTests {
  /// A database with an empty table `t(n)`, whose rows keep the order they were inserted in.
  private func makeDatabase() async throws -> Database {
    let database = try Database(path: ":memory:")
    try await database.write { try $0.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, n INTEGER)") }
    return database
  }

  @Test func callsRunOneAtATimeInArrivalOrder() async throws {
    let database = try await makeDatabase()
    let gate = DispatchSemaphore(value: 0)
    let blocker = await occupy(database, until: gate)
    let order = Shared<[Int]>([])
    let inside = Shared((now: 0, most: 0))
    var calls: [Task<Void, any Error>] = []
    for n in 0..<12 {
      calls.append(Task {
        let body: @Sendable (Connection) throws -> Void = { connection in
          inside.update { $0 = (now: $0.now + 1, most: max($0.most, $0.now + 1)) }
          try connection.execute("INSERT INTO t(n) VALUES (?)", [.integer(Int64(n))])
          Thread.sleep(forTimeInterval: 0.002)
          order.update { $0.append(n) }
          inside.update { $0.now -= 1 }
        }
        if n.isMultiple(of: 3) {
          try await database.read(body)
        } else {
          try await database.write(body)
        }
      })
      // The next call arrives only once this one waits for the executor.
      await eventually("call \(n) to wait for the executor") { database.waitingCallCount == n + 1 }
    }
    gate.signal()
    #expect(try await boundedResult("the blocking write") { try await blocker.value }?.get() == true)
    for (n, call) in calls.enumerated() {
      _ = try await boundedResult("call \(n)") { try await call.value }?.get()
    }
    #expect(order.value == Array(0..<12))
    #expect(inside.value.most == 1)
    let stored = try await database.read { connection in
      try connection.query("SELECT n FROM t ORDER BY id").map { try $0.integer(0) }
    }
    #expect(stored == (0..<12).map(Int64.init))
  }

  @Test func aCallFromInsideAClosureOfTheSameDatabaseThrowsAtOnce() async throws {
    let database = try await makeDatabase()
    let other = try await makeDatabase()

    // Closing, straight from the closure.
    let nested = await boundedResult("a close from inside a write", within: .seconds(20)) {
      try await database.write { _ in database.close() }
    }
    #expect(try nested?.get() == SQLiteError.reentrantCall)

    // The asynchronous entries, from a task the closure starts and waits for (bounded, so a deadlock
    // shows as a timeout rather than a hang).
    for entry in ["read", "write"] {
      let inner = await boundedResult("a \(entry) from a task started inside a read", within: .seconds(20)) {
        try await database.read { _ -> String in
          let outcome = Shared<String?>(nil)
          let done = DispatchSemaphore(value: 0)
          Task {
            do {
              if entry == "read" {
                _ = try await database.read { _ in 1 }
              } else {
                _ = try await database.write { _ in 1 }
              }
              outcome.update { $0 = "ran" }
            } catch {
              outcome.update { $0 = "\(error)" }
            }
            done.signal()
          }
          guard done.wait(timeout: .now() + 5) == .success else { return "deadlocked" }
          return outcome.value ?? "nothing"
        }
      }
      #expect(try inner?.get() == "\(SQLiteError.reentrantCall)")
    }

    // Another database may be used from inside the closure, and this one again afterwards.
    #expect(try await database.write { _ in other.close { _ in } } == nil)
    #expect(try await database.read { _ in 8 } == 8)
    #expect(try await database.withConnection { _ in 9 } == 9)
  }

  @Test func closuresDoNotHoldAThreadOfTheCooperativePool() async throws {
    let database = try await makeDatabase()
    let poolWorkDone = DispatchSemaphore(value: 0)
    let running = Shared(false)
    // The first call blocks the executor until the pool-only tasks below have all finished (at most 20 s).
    let blocker = Task {
      try await database.read { _ in
        running.update { $0 = true }
        return poolWorkDone.wait(timeout: .now() + 20) == .success
      }
    }
    await eventually("the blocking read to start") { running.value }
    // More calls than the pool has threads wait behind it: none may hold a thread while it waits.
    let width = ProcessInfo.processInfo.activeProcessorCount + 2
    let queued = (0..<width).map { n in Task { try await database.read { _ in n } } }
    await eventually("the queued calls to wait") { database.waitingCallCount == width }
    let finished = Shared(0)
    for _ in 0..<8 {
      Task.detached {
        await Task.yield()
        if finished.update({ $0 += 1; return $0 }) == 8 {
          poolWorkDone.signal()
        }
      }
    }
    let sawPoolWorkFinish = try await boundedResult("the blocking read") { try await blocker.value }?.get()
    #expect(sawPoolWorkFinish == true, "8 tasks needing only the pool did not finish while a closure blocked")
    for (n, call) in queued.enumerated() {
      #expect(try await boundedResult("queued read \(n)") { try await call.value }?.get() == n)
    }
  }

  @Test func aCallCancelledBeforeItStartsThrowsCancellationErrorWithoutRunning() async throws {
    let database = try await makeDatabase()
    let gate = DispatchSemaphore(value: 0)
    let blocker = await occupy(database, until: gate)
    let ran = Shared(false)
    let waiting = Task {
      try await database.write { connection in
        ran.update { $0 = true }
        try connection.execute("INSERT INTO t(n) VALUES (1)")
      }
    }
    await eventually("the write to wait for the executor") { database.waitingCallCount == 1 }
    waiting.cancel()
    // It ends at once, while the executor is still held.
    let outcome = await boundedResult("the cancelled write", within: .seconds(10)) { try await waiting.value }
    #expect(throws: CancellationError.self) { try outcome?.get() }
    gate.signal()
    _ = try await boundedResult("the blocking write") { try await blocker.value }?.get()

    // A task cancelled before it calls does not run either.
    let alreadyCancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await database.read { _ in
        ran.update { $0 = true }
      }
    }
    let early = await boundedResult("the read of a cancelled task") { try await alreadyCancelled.value }
    #expect(throws: CancellationError.self) { try early?.get() }

    #expect(!ran.value)
    #expect(try await database.read { try rowCount($0) } == 0)
  }

  @Test func aCallCancelledOnceStartedRunsToItsEndAndCommits() async throws {
    let database = try await makeDatabase()
    let started = Shared(false)
    let gate = DispatchSemaphore(value: 0)
    let write = Task {
      try await database.write { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        started.update { $0 = true }
        _ = gate.wait(timeout: .now() + 20)
        try connection.execute("INSERT INTO t(n) VALUES (2)")
        return "done"
      }
    }
    await eventually("the write to start") { started.value }
    write.cancel()
    gate.signal()
    #expect(try await boundedResult("the started write") { try await write.value }?.get() == "done")
    #expect(try await database.read { try rowCount($0) } == 2)
  }

  @Test func aWriteThatThrowsLeavesNothingAndTheNextCallRuns() async throws {
    let database = try await makeDatabase()
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await database.write { connection in
        try connection.execute("INSERT INTO t(n) VALUES (1)")
        throw Refused()
      }
    }
    #expect(try await database.read { try rowCount($0) } == 0)
    #expect(try await database.read { $0.isInTransaction } == true)
    database.close()
    await #expect(throws: SQLiteError.closed) { try await database.read { _ in 1 } }
  }
}
