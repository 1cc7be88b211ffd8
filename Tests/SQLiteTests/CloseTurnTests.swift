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
