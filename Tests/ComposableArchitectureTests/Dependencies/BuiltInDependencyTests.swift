import ComposableArchitecture
import Foundation
import Testing

/// The counter an incrementing UUID holds in its last eight bytes, or `nil` if its first eight are not zero.
private func counterValue(_ id: UUID) -> UInt64? {
  let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
  guard bytes.prefix(8).allSatisfy({ $0 == 0 }) else { return nil }
  return bytes.suffix(8).reduce(0) { $0 << 8 | UInt64($1) }
}

/// The built-in dependencies: `\.date`, `\.uuid` and `\.clock`, and `ImmediateClock`.
@Suite(.timeLimit(.minutes(1)))
struct BuiltInDependencyTests {
  // MARK: Date

  @Test func aConstantDateGeneratorAlwaysGivesItsDate() {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    let generator = DateGenerator.constant(date)

    #expect(generator() == date)
    #expect(generator.now == date)
    #expect(generator() == date)
  }

  @Test func theDateDependencyCanBePinned() {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    let warnings = Probe.Warnings()

    let seen = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.date = .constant(date)
      } operation: {
        @Dependency(\.date) var now
        return [now(), now.now]
      }
    }

    #expect(seen == [date, date])
    #expect(warnings.messages.isEmpty)
  }

  @Test func theDefaultTestDateIsReportedWhenUsed() {
    let warnings = Probe.Warnings()

    let date = RuntimeWarning.withHandler(warnings.handler) {
      @Dependency(\.date) var now
      return now()
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("\\.date") == true)
    #expect(date == Date(timeIntervalSince1970: 0))
  }

  // MARK: UUID

  @Test func anIncrementingUUIDGeneratorCountsUpFromZero() {
    let generator = UUIDGenerator.incrementing

    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func eachIncrementingUUIDGeneratorHasItsOwnCounter() {
    let first = UUIDGenerator.incrementing
    _ = first()
    let second = UUIDGenerator.incrementing

    #expect(second().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(first().uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func theUUIDDependencyOverriddenWithIncrementingCountsUpAcrossReads() {
    let warnings = Probe.Warnings()

    let ids = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        @Dependency(\.uuid) var uuid
        return [uuid(), uuid()].map(\.uuidString)
      }
    }

    #expect(ids == ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001"])
    #expect(warnings.messages.isEmpty)
  }

  @Test func theDefaultTestUUIDIsReportedWhenUsed() {
    let warnings = Probe.Warnings()

    let id = RuntimeWarning.withHandler(warnings.handler) {
      @Dependency(\.uuid) var uuid
      return uuid()
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("\\.uuid") == true)
    // A predictable id, not a random one.
    #expect(id.uuidString.hasPrefix("00000000-0000-0000-"))
  }

  @Test func theDefaultTestUUIDCountsUpLikeIncrementing() {
    let warnings = Probe.Warnings()

    let ids = RuntimeWarning.withHandler(warnings.handler) {
      @Dependency(\.uuid) var uuid
      return [uuid(), uuid()].map(counterValue)
    }

    #expect(warnings.messages.count == 2)
    #expect(ids[0] != nil)
    #expect(ids[1] == ids[0].map { $0 + 1 })
  }

  // MARK: Clock

  @Test func anImmediateClockAdvancesToTheDeadlineWithoutWaiting() async throws {
    let clock = ImmediateClock()
    let start = clock.now
    let wallClock = ContinuousClock()
    let wallStart = wallClock.now

    try await clock.sleep(for: .seconds(3600))

    #expect(start.duration(to: clock.now) == .seconds(3600))
    // An hour of clock time went by in (much) less than the test's time limit.
    #expect(wallStart.duration(to: wallClock.now) < .seconds(30))

    try await clock.sleep(for: .seconds(1))
    #expect(start.duration(to: clock.now) == .seconds(3601))
  }

  @Test func anImmediateClockNeverMovesBackward() async throws {
    let clock = ImmediateClock()
    let start = clock.now
    try await clock.sleep(for: .seconds(10))

    try await clock.sleep(until: start.advanced(by: .seconds(5)), tolerance: nil)

    #expect(start.duration(to: clock.now) == .seconds(10))
  }

  @Test func anImmediateClockThrowsWhenTheTaskIsCancelled() async {
    let clock = ImmediateClock()
    let started = Probe.Signal()
    let task = Task {
      await started.waitIgnoringCancellation()
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    started.open()

    await #expect(throws: CancellationError.self) {
      try await task.value
    }
  }

  @Test func theClockDependencyOverriddenWithAnImmediateClockSleepsInstantly() async throws {
    let clock = ImmediateClock()
    let start = clock.now

    try await withDependencies {
      $0.clock = clock
    } operation: {
      @Dependency(\.clock) var dependencyClock
      try await dependencyClock.sleep(for: .seconds(60))
    }

    #expect(start.duration(to: clock.now) == .seconds(60))
  }

  @Test func theDefaultTestClockIsReportedWhenUsed() async throws {
    let warnings = Probe.Warnings()

    try await RuntimeWarning.withHandler(warnings.handler) {
      @Dependency(\.clock) var clock
      try await clock.sleep(for: .seconds(60))
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("\\.clock") == true)
  }
}
