import ExecutableTestSupport
import Foundation
import SQLite
import Testing

/// End-to-end runs of `primetime` about the activity feed: two PrimeTimes on one database see each other's
/// changes and their activity, each entry once, and a long history is shown a page at a time.
@Suite("primetime activity", .timeLimit(.minutes(5)))
struct PrimetimeActivityTests {
  let primetime = Executable("primetime")

  /// The number of rows of `table` in the database at `path`.
  private func rows(of table: String, in path: String) throws -> Int64 {
    try #require(Connection(path: path, mode: .readOnly).query("SELECT count(*) FROM \(table)").first).integer(0)
  }

  /// PrimeTime A running on a shared database, with 7 added, after another PrimeTime (B, which has ended) added
  /// 23 to the same file; the file's path, and the home holding it (removed when released: keep it to the end).
  private func aRunningPrimeTimeAfterAnotherAdded23() async throws -> (RunningExecutable, String, TemporaryHome) {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("shared.sqlite3").path
    let a = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
    try a.write("set 7\nfav\nfavorites\n")
    try await a.waitForOutput("1. 7\n")
    let b = try await primetime.run(["--db", path], in: home, script: "set 23\nfav")
    #expect(b.status == 0, "\(b.stderrText)")
    return (a, path, home)
  }

  /// The bug of issue 15: with A open, B adds 23; A's next save brings in 23 and B's "added 23", which A's feed
  /// shows once, between A's own entries; nothing is recorded twice.
  @Test func aSaveBringsInAnotherPrimeTimesFavoritesAndTheirActivityOnce() async throws {
    let (a, path, home) = try await aRunningPrimeTimeAfterAnotherAdded23()
    try a.write("set 11\nfav\nfavorites\nactivity\n")
    try a.closeInput()
    let run = try await a.waitForExit()
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    let lines = run.stdoutLines
    let list = try #require(lines.lastIndex(of: "1. 7"))
    #expect(Array(lines[list...].prefix(3)) == ["1. 7", "2. 23", "3. 11"])
    #expect(lines.suffix(3).map(ActivityLine.shape) == ["added 7", "added 23", "added 11"])
    #expect(try rows(of: "activity_event", in: path) == 3)
    #expect(try rows(of: "favorite", in: path) == 3)
    withExtendedLifetime(home) {}
  }

  /// A `load` in A brings in B's change and its entry the same way, once.
  @Test func aLoadBringsInAnotherPrimeTimesActivityOnce() async throws {
    let (a, path, home) = try await aRunningPrimeTimeAfterAnotherAdded23()
    try a.write("load\nload\nactivity\n")
    try a.closeInput()
    let run = try await a.waitForExit()
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    let lines = run.stdoutLines
    #expect(Array(lines.suffix(6).prefix(4)) == ["1. 7", "2. 23", "1. 7", "2. 23"])
    #expect(lines.suffix(2).map(ActivityLine.shape) == ["added 7", "added 23"])
    #expect(try rows(of: "activity_event", in: path) == 2)
    withExtendedLifetime(home) {}
  }

  /// `activity all` in A, with no change of its own since B stored 23, shows B's "added 23" once; the
  /// favourites, shown next, have 23 too.
  @Test func activityAllBringsInWhatAnotherPrimeTimeStoredWithoutAChangeHere() async throws {
    let (a, path, home) = try await aRunningPrimeTimeAfterAnotherAdded23()
    try a.write("activity all\nfavorites\n")
    try a.closeInput()
    let run = try await a.waitForExit()
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    let lines = run.stdoutLines
    #expect(Array(lines.suffix(4).prefix(2)).map(ActivityLine.shape) == ["added 7", "added 23"])
    #expect(Array(lines.suffix(2)) == ["1. 7", "2. 23"])
    #expect(try rows(of: "activity_event", in: path) == 2)
    withExtendedLifetime(home) {}
  }

  /// A start reads only the latest 20 entries: `activity` shows those and says how to see the rest, and
  /// `activity all`, piped, reads and shows everything, oldest first.
  @Test func activityShowsTheLatest20AndActivityAllShowsEverything() async throws {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("long.sqlite3").path
    let first = try await primetime.run(
      ["--db", path], in: home, script: "set 2\n" + String(repeating: "fav\nunfav\n", count: 12) + "fav")
    #expect(first.status == 0, "\(first.stderrText)")
    let run = try await primetime.run(["--db", path], in: home, script: "activity\nactivity all")
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    let all = (0..<25).map { $0.isMultiple(of: 2) ? "added 2" : "removed 2" }
    let lines = run.stdoutLines
    #expect(lines.count == 20 + 1 + 25)
    #expect(lines.prefix(20).map(ActivityLine.shape) == Array(all.suffix(20)))
    #expect(lines[20] == "Showing the latest 20 of the activity; 'activity all' shows all of it.")
    #expect(lines.suffix(25).map(ActivityLine.shape) == all)
  }
}
