import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of UnimplementedClock's doc comment, compiled and run.

// MARK: Tests

@Suite(.timeLimit(.minutes(1)))
struct ClockExampleTests {
  @Test func aSleepOnAnUnimplementedClockFailsTheTest() async throws {
    let failures = try await collectTestFailures {
      let clock = UnimplementedClock(name: "the retry delay")
      try await clock.sleep(for: .seconds(5))
    }

    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix(
        "Runtime warning: UnimplementedClock \"the retry delay\" was asked to sleep for 5.0 seconds"
      ) == true
    )
  }
}
