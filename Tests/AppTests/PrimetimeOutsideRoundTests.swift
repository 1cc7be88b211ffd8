import ExecutableTestSupport
import Foundation
import Testing

/// What the last outside attack found beyond issue 30's list, end to end: the sandbox's export said it wrote a file
/// it kept in memory, a missing home was created, hidden files a killed backup left stayed forever, and some
/// reasons were worded as the C library capitalises them, or quoted with `?` for what every other line escapes.
@Suite("primetime: the outside round's findings", .timeLimit(.minutes(5)))
struct PrimetimeOutsideRoundTests {
  let primetime = Executable("primetime")

  /// `--sandbox` reads and writes nothing on disk: `export FILE` and `import FILE` are refused in one line each,
  /// saying why and what to do, rather than claiming a file that was never written.
  @Test func theSandboxRefusesToExportOrImportAFile() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(
      inside: home, ["--sandbox"], script: "set 7\nfav\nexport out.txt\nimport out.txt\nexport")

    #expect(run.status == 1)
    #expect(
      run.stderrLines == [
        "primetime: line 3: Couldn't export the favorite primes: --sandbox writes nothing on disk, so out.txt was "
          + "not written; 'export' alone prints the favorites, or run without --sandbox to write a file.",
        "primetime: line 4: Couldn't import favorite primes: --sandbox reads nothing on disk, so out.txt was not "
          + "read; run without --sandbox to import it. The list is unchanged.",
      ]
    )
    #expect(run.stdoutText.hasSuffix("# PrimeTime favorite primes\n7\n"))
    #expect(try home.contents() == [])
  }

  /// The default database lives below `$HOME`; a home that does not exist is not made for it.
  @Test func aMissingHomeIsNotCreated() async throws {
    let parent = try TemporaryHome()
    let gone = parent.url.appendingPathComponent("gone").path

    let run = try await primetime.run(
      [], input: "favorites\n", environment: ["HOME": gone, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""])

    expect(
      run,
      stdout: "",
      stderr: "primetime: the home directory \(gone) ($HOME) does not exist, so there is nowhere to keep the "
        + "database; pass '--db PATH', or set XDG_DATA_HOME to a directory.",
      status: 1
    )
    #expect(try parent.contents() == [])
  }

  /// With `--db`, a missing home is no obstacle: the database is where `--db` says, and no home is made for the
  /// history either.
  @Test func aMissingHomeIsNotCreatedForTheHistoryEither() async throws {
    let parent = try TemporaryHome()
    let gone = parent.url.appendingPathComponent("gone").path
    let database = parent.url.appendingPathComponent("p.db").path

    let terminal = try PseudoTerminal(
      primetime, arguments: ["--db", database],
      environment: ["HOME": gone, "XDG_DATA_HOME": "", "XDG_STATE_HOME": "", "TERM": "xterm", "NO_COLOR": "1"])
    try await terminal.waitFor("count 0> ")
    try terminal.type("+\r")
    try await terminal.waitFor("count 1> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(terminal.output.contains("history will not be saved"))
    #expect(try parent.contents() == ["p.db"])
  }

  /// Makes a file `name` in `directory`, last changed `age` seconds ago.
  private func file(_ name: String, in directory: URL, age: Int) throws {
    let path = directory.appendingPathComponent(name).path
    try Data("left\n".utf8).write(to: URL(fileURLWithPath: path))
    let then = time(nil) - age
    var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
    #expect(utimes(path, &times) == 0)
  }

  /// A backup killed by `kill -9` leaves `.primetime-backup-XXXXXX` and its `-journal` beside its target, held by
  /// no one. The next start removes those beside the database, once they have gone two minutes unchanged; a
  /// fresh one, and files of other names, stay.
  @Test func aStartRemovesStaleHiddenFilesBesideTheDatabase() async throws {
    let home = try TemporaryHome()
    let folder = home.url.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try file(".primetime-backup-Ab12Cd", in: folder, age: 120)
    try file(".primetime-backup-Ab12Cd-journal", in: folder, age: 120)
    try file(".primetime-export-Zz9Yy8", in: folder, age: 120)
    try file(".primetime-backup-Fresh1", in: folder, age: 5)
    try file(".primetime-notes-Ab12Cd", in: folder, age: 120)

    let run = try await primetime.run(["--db", folder.appendingPathComponent("p.db").path], in: home, script: "+")

    #expect(run.status == 0, "\(run.stderrText)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == [".primetime-backup-Fresh1", ".primetime-notes-Ab12Cd", "p.db"])
  }

  /// The system's reasons are worded as the rest of the line: in lower case, mid-sentence.
  @Test func theSystemsReasonsAreInLowerCase() async throws {
    let home = try TemporaryHome()

    let log = try await primetime.run(inside: home, ["--sandbox", "--log", "nodir/x.log"], script: "+")
    let database = try await primetime.run(["--db", "/proc/self/nope/p.sqlite3"], in: home, script: "+")

    expect(
      log,
      stdout: "",
      stderr: "primetime: can't open the log file nodir/x.log: no such file or directory. Choose another path for "
        + "'--log'.",
      status: 1
    )
    expect(
      database,
      stdout: "",
      stderr: "primetime: cannot create the directory /proc/self/nope: no such file or directory. Create it "
        + "yourself, or choose another location for the database.",
      status: 1
    )
  }

  /// The lines `import` skips are quoted with the one escaping rule of every line, not with `?`.
  @Test func importQuotesSkippedLinesEscaped() async throws {
    let home = try TemporaryHome()
    try Data("7\nx\u{1}y\n\u{1B}[31mred\n\u{202E}abc\n".utf8)
      .write(to: home.url.appendingPathComponent("list.txt"))

    let run = try await primetime.run(inside: home, ["--db", "p.db"], script: "import list.txt")

    expect(
      run,
      stdout: "Imported 1 favorite prime; skipped 3 lines that are not primes: x\\u{1}y, \\u{1B}[31mred, "
        + "\\u{202E}abc."
    )
  }
}
