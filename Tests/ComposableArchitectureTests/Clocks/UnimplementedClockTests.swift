import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// `UnimplementedClock`: a sleep on it fails the test, naming the clock and the fix, and returns at once.
@Suite(.timeLimit(.minutes(1)))
struct UnimplementedClockTests {
  @Test func unimplementedClockReportsASleep() async throws {
    let clock = UnimplementedClock(name: "the retry delay")
    let start = clock.now
    let wallStart = ContinuousClock.now

    let failures = try await collectTestFailures {
      try await clock.sleep(for: .seconds(3600))
    }

    #expect(failures.count == 1)
    #expect(
      failures.first?.message
        == """
        Runtime warning: UnimplementedClock "the retry delay" was asked to sleep for 3600.0 seconds, but it is a \
        clock no test should sleep on. Give the code under test a clock the test chooses: a TestClock, whose \
        time moves only when the test advances it, or an ImmediateClock, whose sleeps return at once (for \
        @Dependency(\\.clock), set $0.clock = TestClock() in the test store's dependencies).
        """
    )
    // It returned at once, its time at the deadline.
    #expect(ContinuousClock.now - wallStart < .seconds(30))
    #expect(start.duration(to: clock.now) == .seconds(3600))
  }

  @Test func aClockIsCalledClockUnlessNamed() async throws {
    let failures = try await collectTestFailures {
      try await UnimplementedClock().sleep(for: .seconds(1))
    }

    #expect(failures.map(\.message).first?.hasPrefix("Runtime warning: UnimplementedClock \"Clock\" was asked") == true)
  }

  @Test func theClockDependencyOfATestIsUnimplementedByDefault() async throws {
    let failures = try await collectTestFailures {
      try await withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.clock) var clock
        try await clock.sleep(for: .seconds(1))
      }
    }

    #expect(
      failures.map(\.message).first?.hasPrefix(
        "Runtime warning: UnimplementedClock \"@Dependency(\\.clock)\" was asked to sleep for 1.0 seconds"
      ) == true
    )
  }
}
