import ExecutableTestSupport
import Foundation
import Testing

/// The activity feed shows each entry in the local time of the machine (`TZ`, else /etc/localtime), as the C
/// library reads it: the same entry, read in Tokyo and in UTC, is nine hours apart.
@Suite("primetime's local time", .timeLimit(.minutes(2)))
struct PrimetimeLocalTimeTests {
  let primetime = Executable("primetime")

  @Test func theSameEntryIsShownInEachRunsOwnTimeZone() async throws {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("times.sqlite3").path
    let utc = try await primetime.run(["--db", path], in: home, script: "set 7\nfav\nactivity")
    let tokyo = try await primetime.run(
      ["--db", path],
      in: home,
      environment: ["TZ": "Asia/Tokyo"],
      script: "activity"
    )
    let inUTC = try #require(utc.stdoutLines.last)
    let inTokyo = try #require(tokyo.stdoutLines.last)
    #expect(ActivityLine.shape(inUTC) == "added 7")
    #expect(ActivityLine.shape(inTokyo) == "added 7")
    let (utcTime, tokyoTime) = (try #require(ActivityLine.time(of: inUTC)), try #require(ActivityLine.time(of: inTokyo)))
    #expect(tokyoTime.timeIntervalSince(utcTime) == 9 * 3600)
  }
}
