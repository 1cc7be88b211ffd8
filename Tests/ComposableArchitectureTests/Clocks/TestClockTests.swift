import ComposableArchitecture
import Testing

/// `TestClock`: sleeps wait until the test advances the clock, and wake in deadline order.
@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  @Test func nowAdvances() async throws {
    let clock = TestClock()
    let start = clock.now

    await clock.advance(by: .seconds(1))
    #expect(elapsed(on: clock, since: start) == .seconds(1))

    await clock.advance(to: start.advanced(by: .milliseconds(2_500)))
    #expect(elapsed(on: clock, since: start) == .milliseconds(2_500))

    await clock.advance()
    #expect(elapsed(on: clock, since: start) == .milliseconds(2_500))

    // A sleep whose deadline has come returns at once, and moves nothing.
    try await clock.sleep(until: start.advanced(by: .seconds(1)))
    #expect(elapsed(on: clock, since: start) == .milliseconds(2_500))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func advanceByResumesSleepsDueInDeadlineOrder() async throws {
    let clock = TestClock()
    let start = clock.now
    let woke = ClockLog<String>()
    func sleeper(_ name: String, seconds: Int) -> Task<Void, any Error> {
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woke.append("\(name) at \(elapsed(on: clock, since: start))")
        // Asleep again, far away: the advance goes on to the next deadline once this task is back here.
        try await clock.sleep(for: .seconds(3_600))
      }
    }

    // Started one after the other, so that the two sleeps of two seconds have a known order.
    let sleepers = [
      sleeper("third", seconds: 3), sleeper("first", seconds: 1), sleeper("second, started first", seconds: 2),
      sleeper("second, started last", seconds: 2),
    ]
    for (index, _) in sleepers.enumerated() {
      await waitForSleeps(index + 1, on: clock)
    }
    await clock.advance(by: .seconds(3))

    #expect(
      woke.values == [
        "first at 1.0 seconds", "second, started first at 2.0 seconds", "second, started last at 2.0 seconds",
        "third at 3.0 seconds",
      ]
    )
    #expect(elapsed(on: clock, since: start) == .seconds(3))
    #expect(clock.pendingSleepCount == 4)
    for sleeper in sleepers {
      sleeper.cancel()
      await #expect(throws: CancellationError.self) { try await valueOf(sleeper) }
    }
  }

  @Test func aTimerLoopTicksOncePerSecondOfAdvance() async throws {
    let clock = TestClock()
    let start = clock.now
    let ticks = ClockLog<String>()
    // Started without waiting for its first sleep: the advance lets it get there.
    let timer = Task {
      for tick in 1...5 {
        try await clock.sleep(for: .seconds(1))
        ticks.append("tick \(tick) at \(elapsed(on: clock, since: start))")
      }
    }

    await clock.advance(by: .seconds(3))
    #expect(ticks.values == ["tick 1 at 1.0 seconds", "tick 2 at 2.0 seconds", "tick 3 at 3.0 seconds"])

    await clock.advance(by: .seconds(1))
    #expect(ticks.values.count == 4)
    #expect(ticks.values.last == "tick 4 at 4.0 seconds")

    await clock.advance(by: .seconds(1))
    try await valueOf(timer)
    #expect(ticks.values.last == "tick 5 at 5.0 seconds")
    #expect(clock.pendingSleepCount == 0)
  }

  @Test func advanceByLessThanTheDeadlineResumesNothing() async throws {
    let clock = TestClock()
    let start = clock.now
    let woke = ClockLog<Duration>()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(2))
      woke.append(elapsed(on: clock, since: start))
    }
    await waitForSleeps(1, on: clock)

    await clock.advance(by: .milliseconds(1_999))

    #expect(woke.values.isEmpty)
    #expect(clock.pendingSleepCount == 1)
    #expect(elapsed(on: clock, since: start) == .milliseconds(1_999))

    await clock.advance(by: .milliseconds(1))
    try await valueOf(sleeper)
    #expect(woke.values == [.seconds(2)])
  }

  @Test func advanceToAnInstant() async throws {
    let clock = TestClock()
    let start = clock.now
    let woke = ClockLog<Duration>()
    let sleeper = Task {
      try await clock.sleep(until: start.advanced(by: .seconds(5)))
      woke.append(elapsed(on: clock, since: start))
    }
    await waitForSleeps(1, on: clock)

    await clock.advance(to: start.advanced(by: .seconds(4)))
    #expect(woke.values.isEmpty)
    #expect(elapsed(on: clock, since: start) == .seconds(4))

    await clock.advance(to: start.advanced(by: .seconds(5)))
    try await valueOf(sleeper)
    #expect(woke.values == [.seconds(5)])

    // The clock never moves backward.
    await clock.advance(to: start.advanced(by: .seconds(2)))
    #expect(elapsed(on: clock, since: start) == .seconds(5))
  }

  @Test func runResumesEverySleeperUntilNoneIsLeft() async throws {
    let clock = TestClock()
    let start = clock.now
    let woke = ClockLog<String>()
    let warnings = ClockLog<String>()
    let timer = Task {
      for tick in 1...3 {
        try await clock.sleep(for: .seconds(2))
        woke.append("tick \(tick) at \(elapsed(on: clock, since: start))")
      }
    }
    let oneShot = Task {
      try await clock.sleep(for: .seconds(5))
      woke.append("one shot at \(elapsed(on: clock, since: start))")
      try await clock.sleep(for: .seconds(10))
    }
    await waitForSleeps(2, on: clock)

    await RuntimeWarning.withHandler({ message, _ in warnings.append(message) }) {
      await clock.run()
    }
    try await valueOf(timer)
    try await valueOf(oneShot)

    #expect(
      woke.values == [
        "tick 1 at 2.0 seconds", "tick 2 at 4.0 seconds", "one shot at 5.0 seconds", "tick 3 at 6.0 seconds",
      ]
    )
    #expect(clock.pendingSleepCount == 0)
    #expect(elapsed(on: clock, since: start) == .seconds(15))
    #expect(warnings.values.isEmpty)
  }

  @Test func runGivesUpAfterItsTimeoutWhenSleepersNeverStop() async throws {
    let clock = TestClock()
    let start = clock.now
    let ticks = ClockLog<Int>()
    let warnings = ClockLog<String>()
    let timer = Task {
      var tick = 0
      while true {
        try await clock.sleep(for: .seconds(1))
        tick += 1
        ticks.append(tick)
      }
    }
    await waitForSleeps(1, on: clock)
    let wallStart = ContinuousClock.now

    await RuntimeWarning.withHandler({ message, location in
      warnings.append("\(location.map { "\($0): " } ?? "")\(message)")
    }) {
      await clock.run(timeout: .milliseconds(300))
    }

    // It gave up, and said so, instead of hanging: well within the suite's time limit.
    #expect(ContinuousClock.now - wallStart < .seconds(20))
    #expect(warnings.values.count == 1)
    // It points at the call of run.
    #expect(warnings.values.first?.contains("/TestClockTests.swift:") == true)
    #expect(
      warnings.values.first?.contains(
        "TestClock.run(timeout:) gave up after 0.3 seconds with 1 sleep(s) still waiting"
      ) == true
    )
    // How far it got depends on the machine's load; the timer ticked once for each second it advanced, and
    // sleeps until the next.
    #expect(elapsed(on: clock, since: start) == .seconds(ticks.values.count))
    #expect(clock.pendingSleepCount == 1)

    timer.cancel()
    await #expect(throws: CancellationError.self) { try await valueOf(timer) }
  }

  @Test func cancelledSleepThrowsAtOnce() async throws {
    let clock = TestClock()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(60))
    }
    await waitForSleeps(1, on: clock)

    sleeper.cancel()

    await #expect(throws: CancellationError.self) { try await valueOf(sleeper) }
    #expect(clock.pendingSleepCount == 0)
    // No advance waits for it: the clock has nothing left to resume.
    await clock.advance(by: .seconds(60))
    #expect(clock.pendingSleepCount == 0)

    // A task cancelled before it sleeps throws without sleeping.
    let alreadyCancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await valueOf(alreadyCancelled) }
    #expect(clock.pendingSleepCount == 0)
  }
}
