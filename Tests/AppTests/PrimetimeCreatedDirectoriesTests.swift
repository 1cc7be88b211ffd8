import ExecutableTestSupport
import Foundation
import Testing

/// `primetime` on a database path whose directories do not exist yet: it makes them, and at a terminal its
/// banner says which; piped, it says nothing about them.
@Suite("primetime creates the database's directories", .timeLimit(.minutes(2)))
struct PrimetimeCreatedDirectoriesTests {
  let primetime = Executable("primetime")

  /// Starts `primetime --db path` (without `--db` when `path` is nil) in a fresh terminal, waits for its
  /// banner and ends it with Ctrl-D at the first prompt; returns the banner.
  private func banner(db path: String?, in home: TemporaryHome, columns: Int = 200) async throws -> String {
    let terminal = try PseudoTerminal(
      primetime,
      arguments: path.map { ["--db", $0] } ?? [],
      environment: home.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { _, given in given },
      columns: columns
    )
    let banner = try await terminal.waitFor("count 0> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    return banner
  }

  @Test func theBannerNamesOneCreatedDirectory() async throws {
    let home = try TemporaryHome()
    let directory = home.url.path + "/data"
    let banner = try await banner(db: directory + "/p.sqlite3", in: home)
    #expect(
      banner.contains("Favorites are saved in ~/data/p.sqlite3. Created the directory ~/data for the database.\r\n"),
      "\(banner)")
  }

  @Test func theBannerNamesTwoCreatedDirectories() async throws {
    let home = try TemporaryHome()
    let outer = home.url.path + "/x/a"
    try FileManager.default.createDirectory(atPath: home.url.path + "/x", withIntermediateDirectories: false)
    let banner = try await banner(db: outer + "/b/p.sqlite3", in: home)
    #expect(
      banner.contains("Created the directories ~/x/a and ~/x/a/b for the database."), "\(banner)")
  }

  @Test func manyCreatedDirectoriesAreTheTopOneAndACount() async throws {
    let home = try TemporaryHome()
    let top = home.url.path + "/a"
    let banner = try await banner(db: top + "/b/c/d/p.sqlite3", in: home)
    #expect(banner.contains("Created the directory ~/a and 3 more below it for the database."), "\(banner)")
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: top + "/b/c/d", isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  /// A first run in a fresh home makes `~/.local/share/primetime`, and says so.
  @Test func theDefaultPathSaysWhatItCreates() async throws {
    let home = try TemporaryHome()
    let banner = try await banner(db: nil, in: home)
    #expect(
      banner.contains(
        "Favorites are saved in ~/.local/share/primetime/primetime.sqlite3. Created the directory ~/.local and 2 "
          + "more below it for the database."),
      "\(banner)")
    let again = try await self.banner(db: nil, in: home)
    #expect(!again.contains("Created"), "\(again)")
  }

  @Test func existingDirectoriesAreNotMentioned() async throws {
    let home = try TemporaryHome()
    let banner = try await banner(db: home.url.path + "/p.sqlite3", in: home)
    #expect(banner.contains("Favorites are saved in ~/p.sqlite3.\r\n"), "\(banner)")
    #expect(!banner.contains("Created"), "\(banner)")
  }

  /// Piped, standard output carries only the commands' output and standard error only problems: creating
  /// the directories the path asks for is neither.
  /// The banner is two lines, each within an 80-column terminal: a long database path loses its middle to fit.
  @Test func theBannerIsTwoLinesThatFitTheTerminal() async throws {
    let home = try TemporaryHome()
    let directory = home.url.path + "/a/long/way/down/to/where/the/favorites/are/kept/today"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let banner = try await banner(db: directory + "/favorites.sqlite3", in: home, columns: 80)
    #expect(
      banner.components(separatedBy: "\r\n").dropLast() == [
        "PrimeTime: count, find primes, keep favorites. Type 'help' for the commands.",
        "Favorites are saved in ~/…/where/the/favorites/are/kept/today/favorites.sqlite3.",
      ],
      "\(banner)"
    )
    #expect(banner.components(separatedBy: "\r\n").allSatisfy { $0.count <= 80 }, "\(banner)")
  }

  /// On the first run, in 80 columns, the default path is shown whole and the directories made for it are only
  /// called new, so the line still fits; wider terminals name them.
  @Test func aFirstRunsBannerFitsTooAndKeepsThePathWhole() async throws {
    let home = try TemporaryHome()
    let banner = try await banner(db: nil, in: home, columns: 80)
    #expect(
      banner.components(separatedBy: "\r\n").dropLast() == [
        "PrimeTime: count, find primes, keep favorites. Type 'help' for the commands.",
        "Favorites are saved in ~/.local/share/primetime/primetime.sqlite3 (new).",
      ],
      "\(banner)"
    )
  }

  @Test func pipedRunsSayNothingAboutCreatedDirectories() async throws {
    let script = "set 7\nfav\nfavorites"
    let fresh = try TemporaryHome()
    let created = try await primetime.run(["--db", fresh.url.path + "/a/b/p.sqlite3"], in: fresh, script: script)
    let existing = try TemporaryHome()
    let plain = try await primetime.run(["--db", existing.url.path + "/p.sqlite3"], in: existing, script: script)
    #expect(plain.status == 0, "\(plain.stderrText)")
    #expect(created.status == 0)
    #expect(created.stdoutText == plain.stdoutText)
    #expect(created.stderrText == "")
    #expect(FileManager.default.fileExists(atPath: fresh.url.path + "/a/b/p.sqlite3"))
  }

  /// A directory that can't be made (nothing may be created under /proc/self, not even by root) keeps its one
  /// line on standard error, with no banner at a terminal.
  @Test func aDirectoryThatCannotBeCreatedKeepsItsOneLineError() async throws {
    let home = try TemporaryHome()
    let line = "primetime: cannot create the directory /proc/self/nope: no such file or directory. "
      + "Create it yourself, or choose another location for the database."
    let piped = try await primetime.run(["--db", "/proc/self/nope/p.sqlite3"], in: home, script: "favorites")
    expect(piped, stdout: "", stderr: line, status: 1)

    let terminal = try PseudoTerminal(
      primetime,
      arguments: ["--db", "/proc/self/nope/p.sqlite3"],
      environment: home.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { _, given in given }
    )
    #expect(try await terminal.waitForExit() == .exited(1))
    #expect(terminal.unconsumed.trimmingCharacters(in: .whitespacesAndNewlines) == line)
  }
}
