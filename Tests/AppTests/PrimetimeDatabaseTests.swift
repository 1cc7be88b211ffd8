import ExecutableTestSupport
import Foundation
import SQLite
import Testing

import Platform

/// End-to-end runs of `primetime` about its database file: what is on disk after it exits, and the files
/// and paths it must refuse or report, each with the exact line it prints.
@Suite("primetime database", .timeLimit(.minutes(5)))
struct PrimetimeDatabaseTests {
  let primetime = Executable("primetime")

  /// The primes in the `favorite` table of the database at `path`, in order.
  private func favorites(in path: String) throws -> [Int64] {
    try Connection(path: path, mode: .readOnly).query("SELECT prime FROM favorite ORDER BY position").map {
      try $0.integer(0)
    }
  }

  @Test func afterExitTheMainFileAloneHoldsEveryFavorite() async throws {
    let home = try TemporaryHome()
    let directory = home.url.appendingPathComponent("w")
    let path = directory.appendingPathComponent("p.sqlite3").path
    let run = try await primetime.run(["--db", path], in: home, script: "set 7\nfav\nset 11\nfav")
    #expect(run.status == 0, "\(run.stderrText)")

    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["p.sqlite3"])
    // Only the main file is copied, as a person backing it up would.
    let copy = home.url.appendingPathComponent("copy.sqlite3").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    #expect(try favorites(in: copy) == [7, 11])
  }

  /// `..` after a missing directory made the directory creation loop forever.
  @Test func aDataHomeWithDotDotAndTrailingSlashesDoesNotHang() async throws {
    let home = try TemporaryHome()
    let dataHome = home.url.path + "/dd/../dd2///"
    let run = try await primetime.run(
      in: home, environment: ["XDG_DATA_HOME": dataHome], script: "set 2\nfav")
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(try favorites(in: home.url.path + "/dd2/primetime/primetime.sqlite3") == [2])
  }

  @Test func aDatabasePathWithDotDotThroughAMissingDirectoryDoesNotHang() async throws {
    let home = try TemporaryHome()
    let path = home.url.path + "/nope/../x.sqlite3"
    let run = try await primetime.run(["--db", path], in: home, script: "set 3\nfav")
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(try favorites(in: home.url.path + "/x.sqlite3") == [3])
  }

  @Test func aFileWhereTheDataDirectoryShouldBeIsNamed() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("primetime")
    try Data("notes".utf8).write(to: file)
    let run = try await primetime.run(in: home, environment: ["XDG_DATA_HOME": home.url.path], script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(file.path) is a file, not a directory, so the database can't be kept under it. "
        + "Move it away, or choose another location for the database.",
      status: 1
    )
  }

  @Test func aDirectoryAsTheDatabaseIsNamed() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--db", home.url.path], in: home, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(home.url.path) is a directory; choose a file path for the database, such as "
        + "\(home.url.path)/primetime.sqlite3.",
      status: 1
    )
    #expect(try home.contents() == [])
  }

  @Test func memoryIsRefusedWithTheSandboxSuggested() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--db", ":memory:"], in: home, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: ':memory:' is not a file path; PrimeTime keeps favorites in a database file. "
        + "Give a file path, or use --sandbox to keep them in memory only.",
      status: 1
    )
  }

  @Test func devNullIsRefusedAndGetsNoJournal() async throws {
    let home = try TemporaryHome()
    // An earlier run of an older PrimeTime may have left one: it must stay as it is.
    let journal = FileManager.default.contents(atPath: "/dev/null-journal")
    let run = try await primetime.run(["--db", "/dev/null"], in: home, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: /dev/null is a character device, not a regular file; PrimeTime left it untouched. "
        + "Choose a regular file for the database.",
      status: 1
    )
    #expect(FileManager.default.contents(atPath: "/dev/null-journal") == journal)
  }

  /// A FIFO is refused without being opened: opening one to read would wait for a writer.
  @Test func aFIFOIsRefusedWithoutWaiting() async throws {
    let home = try TemporaryHome()
    let fifo = home.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = try await primetime.run(["--db", fifo], in: home, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(fifo) is a FIFO, not a regular file; PrimeTime left it untouched. "
        + "Choose a regular file for the database.",
      status: 1
    )
    #expect(try home.contents() == ["pipe"])
  }

  /// Rows another program put in that are not favourite primes are reported, not listed.
  @Test func rowsThatAreNotFavoritePrimesAreReportedNotListed() async throws {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", path], in: home, script: "set 7\nfav")
    do {
      let connection = try Connection(path: path, mode: .readWrite)
      try connection.execute("INSERT INTO favorite VALUES (10, 8), (11, -7), (12, 1), (13, 7)")
    }
    let run = try await primetime.run(["--db", path], in: home, script: "favorites")
    expect(
      run,
      stdout: "1. 7",
      stderr: "primetime: Left out saved values that are not favorite primes (8, -7, 1, 7 again): another "
        + "program changed the database. They stay in the file: a save writes only the changes you make.",
      status: 1
    )
  }

  /// A long list is read at start from the copy the previous session kept, and another program's change still
  /// shows: it deletes the copy, so the next start reads the rows and reports what is not a favourite prime;
  /// no copy is kept of a list that fails that check, and one is kept again once the list passes.
  @Test func aLongListStartsFromItsCopyAndAnotherProgramsChangeStillShows() async throws {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", path], in: home, script: "")
    var composite = [Bool](repeating: false, count: 8_000)
    var primes: [Int64] = []
    for n in 2..<composite.count where !composite[n] {
      primes.append(Int64(n))
      for multiple in stride(from: n * n, to: composite.count, by: n) { composite[multiple] = true }
    }
    #expect(primes.count == 1_007)
    let connection = try Connection(path: path, mode: .readWrite)
    try connection.executeForEach(
      "INSERT INTO favorite VALUES (?, ?)",
      primes.enumerated().map { [.integer(Int64($0.offset)), .integer($0.element)] }
    )
    let copies = { try connection.query("SELECT count(*) FROM favorite_snapshot").first?.integer(0) }
    let listed = primes.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")

    let first = try await primetime.run(["--db", path], in: home, script: "favorites")
    expect(first, stdout: listed, stderr: "", status: 0)
    #expect(try copies() == 1)

    try connection.execute("INSERT INTO favorite VALUES (2000, 8)")
    #expect(try copies() == 0)
    let reported = try await primetime.run(["--db", path], in: home, script: "favorites")
    expect(
      reported,
      stdout: listed,
      stderr: "primetime: Left out saved values that are not favorite primes (8): another program changed the "
        + "database. They stay in the file: a save writes only the changes you make.",
      status: 1
    )
    #expect(try copies() == 0)

    try connection.execute("DELETE FROM favorite WHERE prime = 8")
    let passing = try await primetime.run(["--db", path], in: home, script: "favorites")
    expect(passing, stdout: listed, stderr: "", status: 0)
    #expect(try copies() == 1)
  }

  /// Another program holds the write lock for longer than PrimeTime waits: PrimeTime still starts and reads,
  /// a save fails saying who is in the way, and ending with that change unsaved is a failure.
  @Test func anotherProgramsLockNeitherStopsTheStartNorHidesTheFavoritesAndAnUnsavedChangeFailsTheExit()
    async throws
  {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", path], in: home, script: "set 7\nfav")
    let holder = try Connection(path: path, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    let run = try await primetime.run(["--db", path], in: home, script: "favorites\nset 11\nfav")
    try holder.execute("ROLLBACK")
    expect(
      run,
      stdout: "1. 7\n- 11 +\nIs this prime?\nWhat is the 11th prime?",
      stderr: """
        primetime: line 3: Couldn't save the favorite primes: \(path) is locked by another program \
        (SQLite error 5: database is locked); wait until it is done. They are kept only until PrimeTime exits; \
        'save' tries again.
        primetime: The favorite primes changed since the last successful save could not be saved and are lost.
        """,
      status: 1
    )
    #expect(try favorites(in: path) == [7])
  }

  /// A save that met another program's lock is tried once more when the session ends: once the lock has
  /// gone away by then, nothing is lost (the status is still 1, as for any piped command that failed).
  @Test func aSaveThatMetALockIsTriedAgainAtTheEndAndKeepsEverything() async throws {
    let home = try TemporaryHome()
    let path = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", path], in: home, script: "set 7\nfav")
    let holder = try Connection(path: path, mode: .readWrite)
    try holder.execute("BEGIN EXCLUSIVE")
    let running = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
    try running.write("set 11\nfav\nfavorites\n")
    // The list is shown once the save has given up on the lock.
    try await running.waitForOutput("1. 7\n2. 11\n")
    try holder.execute("ROLLBACK")
    try running.closeInput()
    let run = try await running.waitForExit()
    #expect(run.status == 1)
    #expect(run.stderrText.hasPrefix("primetime: line 2: Couldn't save the favorite primes:"))
    #expect(!run.stderrText.contains("are lost"))
    #expect(try favorites(in: path) == [7, 11])
  }

  /// The database deleted while PrimeTime runs: the next save fails saying so (the change kept in memory),
  /// the end is a failure, and no file is recreated at the path without a word.
  @Test func aDatabaseDeletedDuringTheSessionFailsTheSaveAndIsNotRecreated() async throws {
    let home = try TemporaryHome()
    let directory = home.url.appendingPathComponent("w")
    let path = directory.appendingPathComponent("del.db").path
    let running = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
    try running.write("set 7\nfav\nfavorites\n")
    try await running.waitForOutput("1. 7\n")
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      unlink(directory.appendingPathComponent(name).path)
    }
    try running.write("set 11\nfav\nfavorites\n")
    try running.closeInput()
    let run = try await running.waitForExit()
    #expect(run.status == 1)
    #expect(
      run.stderrText == """
        primetime: line 5: Couldn't save the favorite primes: \(path) was moved, deleted or replaced while \
        PrimeTime was running; put the file it opened back there for PrimeTime to save into it again. They are kept \
        only until PrimeTime exits; 'save' tries again.
        primetime: The favorite primes changed since the last successful save could not be saved and are lost.

        """
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  /// A database its user may not read (run as another user): a line that says so, not "not a database".
  @Test func aDatabaseThatMayNotBeReadIsReportedAsSuch() async throws {
    let home = try TemporaryHome()
    chmod(home.url.path, 0o755)
    let path = home.url.appendingPathComponent("p.sqlite3").path
    _ = try await primetime.run(["--db", path], in: home, script: "set 7\nfav")
    chmod(path, 0o600)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let run = try await primetime.run(
      ["--db", path],
      input: "favorites\n",
      environment: home.environment,
      launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
      // --record makes its file before the database is opened, and the recording's directory is root's, 0700.
      sessionReplay: .skipped(because: "run as nobody, it may not write the test's private recording directory")
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(path) can't be read (permission denied); PrimeTime left it untouched. Fix its "
        + "permissions, or run PrimeTime as the user who may read it.",
      status: 1
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try home.contents() == ["p.sqlite3"])
  }

  /// The database renamed while PrimeTime runs: the next save fails, and after the end the renamed file holds
  /// what was saved before, with no -wal or -shm left at the old path to stop the next start.
  @Test func aDatabaseRenamedDuringTheSessionKeepsWhatWasSavedAndLeavesNoLogBehind() async throws {
    let home = try TemporaryHome()
    let directory = home.url.appendingPathComponent("w")
    let path = directory.appendingPathComponent("mv.db").path
    let moved = directory.appendingPathComponent("moved.db").path
    let running = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
    try running.write("set 7\nfav\nfavorites\n")
    try await running.waitForOutput("1. 7\n")
    #expect(rename(path, moved) == 0)
    try running.write("set 11\nfav\n")
    try running.closeInput()
    let run = try await running.waitForExit()
    #expect(run.status == 1)
    #expect(run.stderrText.contains("\(path) was moved, deleted or replaced while PrimeTime was running"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["moved.db"])
    #expect(try favorites(in: moved) == [7])
  }

  /// The database replaced by another file while PrimeTime runs: the line says replaced, since a file is there.
  @Test func aDatabaseReplacedDuringTheSessionIsSaidToBeReplaced() async throws {
    let home = try TemporaryHome()
    let directory = home.url.appendingPathComponent("w")
    let path = directory.appendingPathComponent("rp.db").path
    let running = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
    try running.write("set 7\nfav\nfavorites\n")
    try await running.waitForOutput("1. 7\n")
    let other = directory.appendingPathComponent("other.db").path
    #expect(FileManager.default.createFile(atPath: other, contents: Data("not PrimeTime's".utf8)))
    #expect(rename(other, path) == 0)
    try running.write("set 11\nfav\n")
    try running.closeInput()
    let run = try await running.waitForExit()
    #expect(run.status == 1)
    #expect(
      run.stderrText.contains(
        "\(path) was moved, deleted or replaced while PrimeTime was running; put the file it opened back there"))
  }

  /// Whether this process may mount a file system (root, with the right to mount: not in every container),
  /// found by mounting one once; the full-disk tests run only where it can.
  static let canMountASmallFileSystem: Bool = {
    guard getuid() == 0, let home = try? TemporaryHome() else { return false }
    guard mount("tmpfs", home.url.path, "tmpfs", 0, "size=128k") == 0 else { return false }
    umount2(home.url.path, Int32(MNT_DETACH))
    return true
  }()

  /// Mounts a tmpfs of `size` on `full` in `home` for `body`, unmounted afterwards. The 80 KiB by default
  /// hold a new database's -wal (with the index) and -shm but not its checkpoint.
  private func withSmallFileSystem(
    in home: TemporaryHome, size: String = "80k", _ body: (URL) async throws -> Void
  ) async throws {
    let directory = home.url.appendingPathComponent("full")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    guard mount("tmpfs", directory.path, "tmpfs", 0, "size=\(size),mode=0700") == 0 else {
      Issue.record("could not mount a small file system on \(directory.path): \(String(cString: strerror(errno)))")
      return
    }
    defer { umount2(directory.path, Int32(MNT_DETACH)) }
    try await body(directory)
  }

  /// A read-only file system is named as such, not as a permission to fix, and nothing is made there.
  @Test(.enabled(if: PrimetimeDatabaseTests.canMountASmallFileSystem, "mounting a file system needs root and the right to"))
  func aDatabaseOnAReadOnlyFileSystemIsRefusedNamingIt() async throws {
    let home = try TemporaryHome()
    let directory = home.url.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    guard mount("tmpfs", directory.path, "tmpfs", UInt(MS_RDONLY), "size=64k,mode=0755") == 0 else {
      Issue.record("could not mount a read-only file system on \(directory.path): \(String(cString: strerror(errno)))")
      return
    }
    defer { umount2(directory.path, Int32(MNT_DETACH)) }
    let run = try await primetime.run(inside: home, ["--db", "ro/p.db"], script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(directory.path) is on a read-only file system, and PrimeTime must write the database and "
        + "its journal files there. Choose another location for the database.",
      status: 1
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  /// The line for changes a full disk kept out of the main file at `path`.
  private func stillInTheLog(_ path: String) -> String {
    "primetime: what was last stored in \(path) is still only in \(path)-wal, as the disk is full; keep that file "
      + "beside \(path), free some space on the disk, then run PrimeTime again to move it into the database.\n"
  }

  /// A full disk at the end: the log cannot be copied into the main file, so the end says where the changes
  /// are and fails, and the -wal is kept.
  @Test(.enabled(if: PrimetimeDatabaseTests.canMountASmallFileSystem, "mounting a file system needs root and the right to"))
  func aCheckpointThatFailsAtTheEndIsReportedAndFailsTheExit() async throws {
    let home = try TemporaryHome()
    try await withSmallFileSystem(in: home) { directory in
      let path = directory.appendingPathComponent("new.db").path
      let run = try await primetime.run(["--db", path], in: home, script: "set 3\nfav")
      #expect(run.status == 1)
      #expect(run.stderrText == stillInTheLog(path))
      #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }

  /// The same full disk when a signal ends the session: the farewell says where the changes are.
  @Test(.enabled(if: PrimetimeDatabaseTests.canMountASmallFileSystem, "mounting a file system needs root and the right to"))
  func aCheckpointThatFailsWhenASignalEndsTheSessionIsReported() async throws {
    let home = try TemporaryHome()
    try await withSmallFileSystem(in: home) { directory in
      let path = directory.appendingPathComponent("new.db").path
      let running = try RunningExecutable(primetime, arguments: ["--db", path], environment: home.environment)
      try running.write("set 3\nfav\nfavorites\n")
      try await running.waitForOutput("1. 3\n")
      running.send(signal: SIGTERM)
      let run = try await running.waitForExit()
      #expect(run.stderrText == stillInTheLog(path))
      #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }

  /// A database on a disk that filled up since: the start is refused in one line, and the database is left
  /// as it was, with nothing beside it (SQLite makes the log before it fails to make the shared memory).
  @Test(.enabled(if: PrimetimeDatabaseTests.canMountASmallFileSystem, "mounting a file system needs root and the right to"))
  func aDatabaseOnAFullDiskIsRefusedAndNothingIsLeftBesideIt() async throws {
    let home = try TemporaryHome()
    try await withSmallFileSystem(in: home, size: "1m") { directory in
      let path = directory.appendingPathComponent("p.db").path
      let made = try await primetime.run(["--db", path], in: home, script: "set 3\nfav")
      #expect(made.status == 0, "\(made.stderrText)")
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let filler = directory.appendingPathComponent("fill")
      try Data().write(to: filler)
      let fill = try FileHandle(forWritingTo: filler)
      while (try? fill.write(contentsOf: Data(count: 4096))) != nil {}
      try fill.close()

      let run = try await primetime.run(["--db", path], in: home, script: "favorites")

      #expect(run.status == 1)
      #expect(run.stderrText == "primetime: the disk holding \(path) is full; free some space on it, then try again.\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["fill", "p.db"])
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  /// Runs `primetime --db NAME` in `home` under a file size limit of `blocks` (of 512 bytes, as dash counts
  /// them), piping in `script`: primetime ignores SIGXFSZ, so a write past the limit fails with EFBIG instead
  /// of killing it.
  private func runUnderAFileSizeLimit(
    of blocks: Int, in home: TemporaryHome, _ name: String, script: String
  ) async throws -> ExecutableRun {
    try await primetime.run(
      ["--db", name],
      input: script + "\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && ulimit -f \(blocks) && exec \"$0\" \"$@\""],
      sessionReplay: .skipped(because: "ulimit -f caps the recording as it caps the database")
    )
  }

  /// The line for a database the file size limit stops from growing.
  private func fileSizeLimitLine(_ path: String) -> String {
    "primetime: \(path): the file size limit (ulimit -f) stops the database from growing; raise the limit or "
      + "choose a database on another file system."
  }

  /// A file size limit too small for a new database (SQLite cannot grow its shared memory to 32 KiB): one line
  /// names the limit, not the disk, and nothing this run made is left in the directory.
  @Test func aNewDatabaseStoppedByTheFileSizeLimitIsNamedAndNothingIsLeft() async throws {
    let home = try TemporaryHome()
    let run = try await runUnderAFileSizeLimit(of: 20, in: home, "u.db", script: "set 7\nfav")
    expect(run, stdout: "", stderr: fileSizeLimitLine("u.db"), status: 1)
    #expect(try home.contents() == [])
  }

  /// The same limit on a new database in directories that do not exist yet: the directories this run made
  /// for it go with it.
  @Test func aNewDatabaseStoppedByTheFileSizeLimitTakesTheDirectoriesItMadeWithIt() async throws {
    let home = try TemporaryHome()
    let run = try await runUnderAFileSizeLimit(of: 20, in: home, "a/b/u.db", script: "set 7\nfav")
    expect(run, stdout: "", stderr: fileSizeLimitLine("a/b/u.db"), status: 1)
    #expect(try home.contents() == [])
  }

  /// The same limit on a database made before: the same line, and the file as it was with nothing beside it.
  @Test func anExistingDatabaseStoppedByTheFileSizeLimitIsLeftAsItWas() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    let path = home.url.appendingPathComponent("hh.db").path
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let run = try await runUnderAFileSizeLimit(of: 20, in: home, "hh.db", script: "favorites")
    expect(run, stdout: "", stderr: fileSizeLimitLine("hh.db"), status: 1)
    #expect(try home.contents() == ["hh.db"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// A limit that lets the database open but not its log grow: the save fails with the same reason, and the
  /// favorite saved before is still there.
  @Test func aSaveStoppedByTheFileSizeLimitSaysSo() async throws {
    let home = try await TemporaryHome.withDatabase(madeBy: primetime)
    // 80 blocks (40 KiB): room for the 32 KiB shared memory and a few saves' log, not for eight.
    let saves = [11, 13, 17, 19, 23, 29, 31, 37].map { "set \($0)\nfav" }.joined(separator: "\n")
    let run = try await runUnderAFileSizeLimit(of: 80, in: home, "hh.db", script: saves)
    #expect(run.status == 1)
    let first = try #require(run.stderrLines.first)
    #expect(first.hasPrefix("primetime: line "))
    #expect(
      first.hasSuffix(
        ": Couldn't save the favorite primes: hh.db: the file size limit (ulimit -f) stops the database from "
          + "growing; raise the limit or choose a database on another file system. They are kept only until "
          + "PrimeTime exits; 'save' tries again."
      ),
      "\(run.stderrText)"
    )
    #expect(try favorites(in: home.url.appendingPathComponent("hh.db").path).first == 7)
  }

  /// A home holding `big.db`, with 7 as its favorite and about 90 KiB of history: larger than a limit of 128
  /// blocks, which still lets the database open (32 KiB of shared memory).
  /// The history is written by another program: 6,000 saves through the REPL would take a minute.
  private func homeWithALongHistory() async throws -> TemporaryHome {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--db", "big.db"], script: "set 7\nfav")
    #expect(made.status == 0, "\(made.stderrText)")
    let connection = try Connection(path: home.url.appendingPathComponent("big.db").path, mode: .readWrite)
    try connection.executeForEach(
      "INSERT INTO activity_event (kind, prime, date) VALUES (?, 7, ?)",
      (0..<6000).map { [.text($0.isMultiple(of: 2) ? "removed" : "added"), .integer(1_763_000_000_000 + Int64($0))] }
    )
    _ = try connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
    #expect(try connection.query("PRAGMA page_count").first?.integer(0) ?? 0 > 22)
    return home
  }

  /// A database already larger than the limit: a save still fits in the log, but copying it into the main file
  /// at the end is stopped by the limit, and the line says so, not "check the disk"; the log is kept, and a
  /// run without the limit finishes saving.
  @Test func aCheckpointStoppedByTheFileSizeLimitAtTheEndSaysSo() async throws {
    let home = try await homeWithALongHistory()
    let run = try await runUnderAFileSizeLimit(of: 128, in: home, "big.db", script: "set 11\nfav")
    expect(
      run,
      stdout: "- 11 +\nIs this prime?\nWhat is the 11th prime?\n11 is prime 🎉\nRemove from favorite primes [unfav]",
      stderr: "primetime: what was last stored in big.db is still only in big.db-wal, as the file size limit "
        + "(ulimit -f) stops the database from growing; keep that file beside big.db, raise the limit, then run "
        + "PrimeTime again to move it into the database.",
      status: 1
    )
    #expect(try home.contents() == ["big.db", "big.db-shm", "big.db-wal"])
    let after = try await primetime.run(inside: home, ["--db", "big.db"], script: "favorites")
    expect(after, stdout: "1. 7\n2. 11", stderr: "", status: 0)
    #expect(try home.contents() == ["big.db"])
  }

  /// A backup larger than the limit: the copy is refused with the same reason, and nothing of it is left.
  @Test func aBackupStoppedByTheFileSizeLimitSaysSoAndLeavesNoCopy() async throws {
    let home = try await homeWithALongHistory()
    let run = try await runUnderAFileSizeLimit(of: 128, in: home, "big.db", script: "backup copy.db")
    expect(
      run,
      stdout: "",
      stderr: "primetime: line 1: Couldn't back up the favorite primes: can't write the copy copy.db: the file size "
        + "limit (ulimit -f) stops it from growing; raise the limit or make the copy on another file system.",
      status: 1
    )
    #expect(try home.contents() == ["big.db"])
  }
}
