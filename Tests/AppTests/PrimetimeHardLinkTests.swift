import ExecutableTestSupport
import Foundation
import Testing

import Platform

/// End-to-end: a database file with another hard link is refused before anything is written.
@Suite("primetime hard links", .timeLimit(.minutes(5)))
struct PrimetimeHardLinkTests {
  let primetime = Executable("primetime")

  /// Two names for one database file: SQLite would keep a `-wal` for each, and changes confirmed through one
  /// would be lost. Refused before anything is written, by either name, with the file byte for byte as it was.
  @Test func aDatabaseWithAnotherHardLinkIsRefusedUntouched() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "h.db"], script: "set 2\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    let path = home.url.appendingPathComponent("h.db").path
    #expect(link(path, home.url.appendingPathComponent("h2.db").path) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for name in ["h.db", "h2.db"] {
      let run = try await primetime.run(inside: home, ["--db", name], script: "set 3\nfav")
      #expect(run.status == 1)
      #expect(run.stdoutText == "")
      #expect(
        run.stderrText
          == "primetime: \(name) is one of 2 names (hard links) of one file, and SQLite would keep a separate "
          + "journal for each name and lose changes; PrimeTime left it untouched. Use one name (remove the "
          + "others), or copy the file.\n"
      )
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasPrefix("h") }.sorted()
      == ["h.db", "h2.db"])
  }
}
