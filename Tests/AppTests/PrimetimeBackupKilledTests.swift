import ExecutableTestSupport
import Foundation
import SQLite
import Testing

import Platform

/// `backup` killed half-way (SIGKILL, a power cut): nothing is left under the name asked for, which would pass
/// for a backup. The copy is written under a hidden name and takes the name only once whole and on disk.
@Suite("primetime backup, killed", .timeLimit(.minutes(5)))
struct PrimetimeBackupKilledTests {
  let primetime = Executable("primetime")

  /// Each round starts a backup of 30,000 favourites and their activity and kills PrimeTime as soon as any
  /// new file shows beside the database: the copy under the name asked for used to be that file, left half
  /// written with a hot `-journal` beside it.
  @Test func aBackupKilledHalfWayLeavesNothingUnderItsName() async throws {
    let home = try TemporaryHome()
    let count = 30_000
    try firstPrimes(count).map { "\($0)\n" }.joined()
      .write(to: home.url.appendingPathComponent("p.txt"), atomically: true, encoding: .utf8)
    let made = try await primetime.run(inside: home, ["--db", "big.db"], script: "import p.txt")
    #expect(made.stdoutText == "Imported 30,000 favorite primes.\n")
    for round in 1...4 {
      let name = "b\(round).db"
      let copy = home.url.appendingPathComponent(name).path
      let running = try RunningExecutable(
        primetime, arguments: ["--db", home.url.appendingPathComponent("big.db").path], environment: home.environment,
        sessionReplay: .skipped(because: "the session is killed on purpose"))
      try running.write("favorites\n")
      try await running.waitForOutput("1. 2\n")
      let before = Set(try home.contents())
      try running.write("backup \(copy)\n")
      let deadline = ContinuousClock.now + hangBound
      while Set(try home.contents()) == before, ContinuousClock.now < deadline {
        try await Task.sleep(for: .microseconds(200))
      }
      running.send(signal: SIGKILL)
      _ = try await running.waitForExit()
      guard FileManager.default.fileExists(atPath: copy) else { continue }
      // There at all, it is whole: no hot journal beside it, and every favourite in it.
      #expect(!FileManager.default.fileExists(atPath: copy + "-journal"), "round \(round)")
      let connection = try Connection(path: copy, mode: .readOnly)
      #expect(try connection.query("SELECT count(*) FROM favorite").first?.integer(0) == Int64(count))
    }
  }
}
