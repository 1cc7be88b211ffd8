@testable import SQLite
import Testing

@Suite(.timeLimit(.minutes(2)))
struct BusyTimeoutTests {
  @Test func durationsBecomeWholeMilliseconds() {
    #expect(Connection.milliseconds(.seconds(5)) == 5_000)
    #expect(Connection.milliseconds(.milliseconds(1_500)) == 1_500)
    #expect(Connection.milliseconds(.microseconds(2_999)) == 2)
    #expect(Connection.milliseconds(.zero) == 0)
  }

  @Test func negativeDurationsWaitNotAtAll() {
    #expect(Connection.milliseconds(.seconds(-1)) == 0)
    #expect(Connection.milliseconds(.milliseconds(-1)) == 0)
  }

  @Test func hugeDurationsSaturateInsteadOfWrapping() {
    #expect(Connection.milliseconds(.seconds(Int64.max)) == .max)
    #expect(Connection.milliseconds(.seconds(3_000_000)) == .max)
  }
}
