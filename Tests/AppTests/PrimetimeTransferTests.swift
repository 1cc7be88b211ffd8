import ExecutableTestSupport
import Foundation
import Testing

import Platform

/// End-to-end runs of `primetime` with `export`, `import` and `backup`: what they print, what lands on disk,
/// and that a backup made while PrimeTime runs opens with every favourite and its activity.
@Suite("primetime export, import and backup", .timeLimit(.minutes(5)))
struct PrimetimeTransferTests {
  let primetime = Executable("primetime")

  @Test func aBackupMadeWhileRunningOpensWithEveryFavoriteAndItsActivity() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(
      inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\nset 11\nfav\nunfav\nset 13\nfav\nbackup copy.sqlite3")
    #expect(made.status == 0, "\(made.stderrText)")
    #expect(made.stdoutText.hasSuffix("Backed up the favorite primes and their activity to copy.sqlite3.\n"))
    let opened = try await primetime.run(inside: home, ["--db", "copy.sqlite3"], script: "favorites\nactivity")
    #expect(opened.status == 0, "\(opened.stderrText)")
    let lines = opened.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.prefix(2) == ["1. 7", "2. 13"])
    #expect(lines.dropFirst(2).map(ActivityLine.shape) == ["added 7", "added 11", "removed 11", "added 13"])
  }

  @Test func aBackupIsRefusedOverAnExistingFileAndInTheSandbox() async throws {
    let home = try TemporaryHome()
    let notes = home.url.appendingPathComponent("notes.txt")
    try Data("keep\n".utf8).write(to: notes)
    let run = try await primetime.run(inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\nbackup notes.txt")
    #expect(run.status == 1)
    #expect(
      run.stderrText
        == "primetime: line 3: Couldn't back up the favorite primes: notes.txt already exists; a backup never "
        + "replaces a file, so name a new one.\n"
    )
    #expect(try Data(contentsOf: notes) == Data("keep\n".utf8))
    let sandbox = try await primetime.run(inside: home, ["--sandbox"], script: "backup b.sqlite3")
    #expect(sandbox.status == 1)
    #expect(
      sandbox.stderrText
        == "primetime: line 1: Couldn't back up the favorite primes: there is no database to back up: favorites "
        + "are kept in memory only; 'export' prints them.\n"
    )
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("b.sqlite3").path))
  }

  @Test func anExportImportsIntoAnotherDatabaseAndIsRecordedAsActivity() async throws {
    let home = try TemporaryHome()
    let exported = try await primetime.run(
      inside: home, ["--db", "a.sqlite3"], script: "set 7\nfav\nset 2\nfav\nexport\nexport out.txt")
    #expect(exported.status == 0, "\(exported.stderrText)")
    #expect(exported.stdoutText.hasSuffix("# PrimeTime favorite primes\n7\n2\nExported 2 favorite primes to out.txt.\n"))
    let file = home.url.appendingPathComponent("out.txt")
    #expect(try String(contentsOf: file, encoding: .utf8) == "# PrimeTime favorite primes\n7\n2\n")
    try Data("# PrimeTime favorite primes\n7\n2\n8\nx\n31\n".utf8).write(to: file)

    let imported = try await primetime.run(
      inside: home, ["--db", "b.sqlite3"], script: "set 31\nfav\nimport out.txt\nfavorites")
    #expect(imported.status == 0, "\(imported.stderrText)")
    #expect(
      imported.stdoutText.hasSuffix(
        "Imported 2 favorite primes; 1 was already there; skipped 2 lines that are not primes: 8, x.\n"
          + "1. 31\n2. 7\n3. 2\n")
    )
    let reopened = try await primetime.run(inside: home, ["--db", "b.sqlite3"], script: "favorites\nactivity")
    let lines = reopened.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.prefix(3) == ["1. 31", "2. 7", "3. 2"])
    #expect(lines.dropFirst(3).map(ActivityLine.shape) == ["added 31", "added 7", "added 2"])
  }

  /// Relative names are taken in the directory PrimeTime was started in, however deep: under a working
  /// directory of over 1 KB, Foundation's `currentDirectoryPath` answered `/`, and an export and a backup were
  /// written to `/` while the line named them as asked. A database named so is refused as too long a path for
  /// SQLite, never made in `/`.
  @Test func relativeNamesUnderADeepWorkingDirectoryStayInIt() async throws {
    let home = try TemporaryHome()
    let deep = Array(repeating: String(repeating: "d", count: 200), count: 6).joined(separator: "/")
    let name = "deep-\(UUID().uuidString)"
    defer {
      for leftover in ["/\(name).txt", "/\(name).db", "/\(name).db-journal", "/\(name).db-wal", "/\(name).db-shm"] {
        unlink(leftover)
      }
    }
    let run = try await primetime.run(
      ["--db", home.url.appendingPathComponent("p.db").path],
      input: "set 7\nfav\nexport \(name).txt\nbackup \(name).db\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "mkdir -p \"$HOME/\(deep)\" && cd \"$HOME/\(deep)\" && exec \"$0\" \"$@\""]
    )
    #expect(run.stdoutText.hasSuffix("Exported 1 favorite prime to \(name).txt.\n"))
    #expect(
      run.stderrText
        == "primetime: line 4: Couldn't back up the favorite primes: \(name).db is too long a path for a database: "
        + "SQLite opens one by a path of at most 512 bytes; name a shorter one.\n")
    #expect(FileManager.default.fileExists(atPath: home.url.path + "/\(deep)/\(name).txt"))
    #expect(!FileManager.default.fileExists(atPath: "/\(name).txt"))
    #expect(!FileManager.default.fileExists(atPath: "/\(name).db"))
  }

  /// A list saved by an editor that starts files with a byte order mark and ends lines with \r\n imports whole.
  @Test func aFileWithAByteOrderMarkAndCRLFLinesImportsWhole() async throws {
    let home = try TemporaryHome()
    try Data("\u{FEFF}2\r\n3\r\n5\r\n".utf8).write(to: home.url.appendingPathComponent("notepad.txt"))

    let imported = try await primetime.run(
      inside: home, ["--db", "a.sqlite3"], script: "import notepad.txt\nfavorites")

    #expect(imported.status == 0, "\(imported.stderrText)")
    #expect(imported.stdoutText == "Imported 3 favorite primes.\n1. 2\n2. 3\n3. 5\n")
    #expect(imported.stderrText == "")
  }

  @Test func refusedExportsAndImportsSayWhyInOneLineAndChangeNothing() async throws {
    let home = try TemporaryHome()
    let notes = home.url.appendingPathComponent("notes.txt")
    try Data("2\n3\n".utf8).write(to: notes)
    try Data([0x37, 0x0A, 0xC3, 0x28, 0x0A]).write(to: home.url.appendingPathComponent("bad.txt"))
    let run = try await primetime.run(
      inside: home,
      ["--db", "a.sqlite3"],
      script: "set 7\nfav\nexport notes.txt\nexport a.sqlite3-wal\nimport .\nimport bad.txt\nimport none.txt\nfavorites"
    )
    #expect(run.status == 1)
    let expected: [String] = [
      "primetime: line 3: Couldn't export the favorite primes: notes.txt exists and is not a previous export, "
        + "so it was left as it is.",
      "primetime: line 4: Couldn't export the favorite primes: a.sqlite3-wal is the database's wal file; "
        + "name another file.",
      "primetime: line 5: Couldn't import favorite primes: . is a directory, not a file of favorite primes. "
        + "The list is unchanged.",
      "primetime: line 6: Couldn't import favorite primes: bad.txt is not UTF-8 text; nothing was imported from "
        + "it. The list is unchanged.",
      "primetime: line 7: Couldn't import favorite primes: there is no file none.txt. The list is unchanged.",
    ]
    #expect(run.stderrText.split(separator: "\n").map(String.init) == expected)
    #expect(run.stdoutText.hasSuffix("1. 7\n"))
    #expect(try Data(contentsOf: notes) == Data("2\n3\n".utf8))
  }
}
