import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end runs of the built `primetime`: scripts piped in, whole output and exit status checked, each run
/// in a home directory of its own.
@Suite("primetime", .timeLimit(.minutes(5)))
struct PrimetimeTests {
  let primetime = Executable("primetime")

  @Test func everyCommandWorksInAPipedScript() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      in: home,
      script: """
        # count to 7 and keep it
        + 
        incr
        set 7
        prime
        fav
        ok
        nth
        ok
        -
        decr
        set 11
        fav
        unfav
        fav
        favorites
        delete 1
        favorites
        save
        load
        help fav
        quit
        favorites
        """
    )

    expect(
      run,
      stdout: """
        - 1 +
        Is this prime?
        What is the 1st prime?
        - 2 +
        Is this prime?
        What is the 2nd prime?
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Save to favorite primes [fav]
        7 is prime 🎉
        Remove from favorite primes [unfav]
        - 7 +
        Is this prime?
        What is the 7th prime?
        The 7th prime is 17
        - 7 +
        Is this prime?
        What is the 7th prime?
        - 6 +
        Is this prime?
        What is the 6th prime?
        - 5 +
        Is this prime?
        What is the 5th prime?
        - 11 +
        Is this prime?
        What is the 11th prime?
        11 is prime 🎉
        Remove from favorite primes [unfav]
        11 is prime 🎉
        Save to favorite primes [fav]
        11 is prime 🎉
        Remove from favorite primes [unfav]
        1. 7
        2. 11
        1. 11
        1. 11
        Saved 1 favorite prime.
        1. 11
        usage: fav
        Save the count to the favorite primes
        """
    )
  }

  @Test func mistakesGetOneLineEachWithTheLineNumberAndTheScriptGoesOn() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      in: home,
      script: """
        sav
        set
        set seven
        set 99999999999999999999
        fav
        unfav
        ok
        delete 1
        delete 0
        set 0
        nth
        + 1
        favourites
        """
    )

    expect(
      run,
      // 'fav' and 'unfav' open the modal before it refuses them, so 'ok' has it to close.
      stdout: "- 0 +\nIs this prime?\nWhat is the 0th prime?\n- 0 +\nIs this prime?\nWhat is the 0th prime?",
      stderr: """
        primetime: line 1: unknown command 'sav'; did you mean 'save'? Type 'help' for the list.
        primetime: line 2: 'set' needs a number like 'set 42'.
        primetime: line 3: 'set' needs a number like 'set 42'; 'seven' is not a number.
        primetime: line 4: 'set' needs a number like 'set 42'; '99999999999999999999' is larger than 9223372036854775807.
        primetime: line 5: 0 is not prime, so it can't be a favorite prime.
        primetime: line 6: 0 is not a favorite prime.
        primetime: line 8: There is no favorite prime at position 1; the list is empty. Nothing was deleted.
        primetime: line 9: 'delete' needs positions like 'delete 2 3'; '0' is not a positive number.
        primetime: line 11: There is no 0th prime: primes are counted from the 1st. Count up to 1 or more first.
        primetime: line 12: '+' takes no arguments: type '+' alone.
        primetime: line 13: unknown command 'favourites'; did you mean 'favorites'? Type 'help' for the list.
        """,
      status: 1
    )
  }

  /// A 300 MB line (a binary file piped in, say) is refused in one line, is never held in memory whole (the
  /// run is limited to 1.5 GB of address space, which holding it used to exceed), and the script goes on.
  @Test func aHugeLineIsRefusedInOneLineWithoutFillingMemoryAndTheScriptGoesOn() async throws {
    let script = #"""
      ulimit -v 1500000 || exit 99
      { printf 'set 7\n'; head -c 300000000 /dev/zero | tr '\0' x; printf '\nfav\nfavorites\n'; } | "$0" "$@"
      """#
    let run = try await primetime.run(["--sandbox"], launcher: ["/bin/sh", "-c", script])
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes [unfav]
        1. 7
        """,
      stderr: "primetime: line 2: the line is longer than 1 MiB (1,048,576 bytes); nothing of it was run. Put one "
        + "command on each line.",
      status: 1
    )
  }

  @Test func nthIsExactUpToTheLimitAndSaysSoBeyondIt() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], in: home, script: "set 1000000000000\nnth\n+\nnth")

    expect(
      run,
      stdout: """
        - 1000000000000 +
        Is this prime?
        What is the 1000000000000th prime?
        The 1000000000000th prime is 29996224275833
        - 1000000000001 +
        Is this prime?
        What is the 1000000000001st prime?
        """,
      stderr: """
        primetime: line 4: The 1000000000001st prime is beyond what PrimeTime computes; ask for the 1000000000000th or earlier.
        """,
      status: 1
    )
  }

  @Test func aSecondRunFindsTheFavoritesAndTheActivityOfTheFirst() async throws {
    let home = try TemporaryHome()
    let before = Date()
    let first = try await primetime.run(in: home, script: "set 3\nfav\nset 5\nfav\nset 7\nfav\ndelete 2")
    #expect(first.status == 0)
    #expect(first.stderrText == "")

    let second = try await primetime.run(in: home, script: "favorites\nactivity")
    let after = Date()

    #expect(second.status == 0)
    #expect(second.stderrText == "")
    let lines = second.stdoutLines
    #expect(Array(lines.prefix(2)) == ["1. 3", "2. 7"])
    #expect(lines.dropFirst(2).map(ActivityLine.shape) == ["added 3", "added 5", "added 7", "removed 5"])
    for line in lines.dropFirst(2) {
      let time = try #require(ActivityLine.time(of: line))
      #expect(time >= before.addingTimeInterval(-1) && time <= after.addingTimeInterval(1))
    }
    #expect(FileManager.default.fileExists(atPath: home.defaultDatabase.path))
  }

  @Test func dbChoosesTheFile() async throws {
    let home = try TemporaryHome()
    let database = home.url.appendingPathComponent("nested/dir/primes.sqlite3")
    let first = try await primetime.run(["--db", database.path], in: home, script: "set 2\nfav")
    #expect(first.status == 0)
    let second = try await primetime.run(["--db=\(database.path)"], in: home, script: "favorites")
    expect(second, stdout: "1. 2")
    #expect(!FileManager.default.fileExists(atPath: home.defaultDatabase.path))
  }

  @Test func theSandboxReadsAndWritesNothingOnDisk() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], in: home, script: "set 2\nfav\nfavorites\nsave\nload\nactivity")

    #expect(run.status == 0)
    #expect(run.stderrText == "")
    #expect(
      Array(run.stdoutLines.dropLast())
        == [
          "- 2 +", "Is this prime?", "What is the 2nd prime?", "2 is prime 🎉", "Remove from favorite primes [unfav]", "1. 2",
          "Saved 1 favorite prime.", "1. 2",
        ]
    )
    #expect(run.stdoutLines.last.map(ActivityLine.shape) == "added 2")
    #expect(try home.contents() == [])
  }

  @Test func theSandboxLeavesAnExistingDatabaseUntouched() async throws {
    let home = try TemporaryHome()
    _ = try await primetime.run(in: home, script: "set 13\nfav")
    let bytes = try Data(contentsOf: home.defaultDatabase)
    let listing = try home.contents()

    let run = try await primetime.run(["--sandbox"], in: home, script: "favorites\nset 2\nfav\ndelete 1")

    expect(run, stdout: "No favorite primes yet.\n- 2 +\nIs this prime?\nWhat is the 2nd prime?\n2 is prime 🎉\nRemove from favorite primes [unfav]\nNo favorite primes yet.")
    #expect(try Data(contentsOf: home.defaultDatabase) == bytes)
    #expect(try home.contents() == listing)
  }

  @Test func aRefusedDatabaseStopsWithItsReasonAndStaysByteIdentical() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("notes.txt")
    let text = Data(String(repeating: "not a database\n", count: 100).utf8)
    try text.write(to: file)

    let run = try await primetime.run(["--db", file.path], in: home, script: "set 2\nfav")

    expect(
      run,
      stdout: "",
      stderr: "primetime: \(file.path) is not a SQLite database; PrimeTime left it untouched. Choose another database file.",
      status: 1
    )
    #expect(try Data(contentsOf: file) == text)
    #expect(try home.contents() == ["notes.txt"])
  }

  @Test func withNoHomeTheDatabaseMustBeNamed() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(in: home, environment: ["HOME": "relative/home"], script: "favorites")

    expect(
      run,
      stdout: "",
      stderr: "primetime: can't tell where to keep the database: neither XDG_DATA_HOME nor HOME is an absolute path. "
        + "Use '--db PATH', or '--sandbox' to keep nothing.",
      status: 1
    )
  }

  @Test func xdgDataHomeIsUsedWhenAbsolute() async throws {
    let home = try TemporaryHome()
    let data = home.url.appendingPathComponent("data")
    _ = try await primetime.run(in: home, environment: ["XDG_DATA_HOME": data.path], script: "set 2\nfav")
    #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("primetime/primetime.sqlite3").path))
    #expect(!FileManager.default.fileExists(atPath: home.defaultDatabase.path))
  }

  @Test func logWritesEveryActionToTheFileAndNothingElseChanges() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("primetime.log")
    let plain = try await primetime.run(["--sandbox"], in: home, script: "+\nprime")
    let logged = try await primetime.run(["--sandbox", "--log", log.path], in: home, script: "+\nprime")

    #expect(logged.stdoutText == plain.stdoutText)
    #expect(logged.stderrText == "")
    let text = try String(contentsOf: log, encoding: .utf8)
    let actions = text.split(separator: "\n").filter { $0.hasPrefix("received action: ") }
    #expect(
      actions == [
        "received action: AppAction.launched",
        "received action: AppAction.favoritePrimes(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [], activity: [], favoritePrimesWereChecked: false)))",
        "received action: AppAction.activityLoaded(ActivityPage(activity: [], hasEarlier: false))",
        "received action: AppAction.counterView(.counter(.incrTapped))",
        "received action: AppAction.counterView(.counter(.isPrimeButtonTapped))",
        "received action: AppAction.quitRequested",
      ]
    )
    #expect(text.contains("\n+     count: 1,\n"))
    let attributes = try FileManager.default.attributesOfItem(atPath: log.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func aLogFileThatCannotBeOpenedStopsBeforeAnything() async throws {
    let home = try TemporaryHome()
    let log = home.url.appendingPathComponent("missing/primetime.log")
    let run = try await primetime.run(["--sandbox", "--log", log.path], in: home, script: "+")

    expect(
      run,
      stdout: "",
      stderr: "primetime: can't open the log file \(log.path): no such file or directory. Choose another path for '--log'.",
      status: 1
    )
  }

  @Test func endOfInputWithoutQuitExitsCleanly() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], in: home, input: "")
    expect(run, stdout: "")
  }

  @Test func versionPrintsOneLine() async throws {
    let run = try await primetime.run(["--version"])
    expect(run, stdout: "primetime \(releaseVersion)")
  }

  @Test func helpShowsTheCommandsFlagsAndTheDefaultDatabase() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--help"], in: home, input: nil)
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    #expect(
      run.stdoutLines.first == "USAGE: primetime [--db PATH | --sandbox] [--log FILE] [--record FILE] [--snapshot-interval N]"
    )
    let words = run.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("--db PATH The database file (default: \(home.defaultDatabase.path))."))
    #expect(
      words.contains(
        "+ (incr), - (decr), set, prime, fav, unfav, nth, ok, favorites, delete, save, load, export, import, backup, check, activity, help, quit (exit)"
      )
    )
    for section in ["OPTIONS:", "ENVIRONMENT:", "FILES:", "EXAMPLES:", "EXIT STATUS:"] {
      #expect(run.stdoutLines.contains(section), "the help has a section \(section)")
    }
    for variable in ["WOLFRAM_ALPHA_APPID", "NO_COLOR", "XDG_DATA_HOME", "XDG_STATE_HOME", "TERM"] {
      #expect(run.stdoutLines.contains { $0.hasPrefix("  \(variable) ") }, "ENVIRONMENT names \(variable)")
    }
  }

  @Test(arguments: [
    (["--dbx"], "unknown option '--dbx' (did you mean '--db'?)"),
    (["--db"], "'--db' needs a file path, like '--db ~/primes.sqlite3'"),
    (["--log="], "'--log' needs a file path, like '--log primetime.log'"),
    (["--sandbox", "--db", "x.sqlite3"], "'--sandbox' keeps everything in memory, so it can't be used with '--db'"),
    (["--sandbox=yes"], "'--sandbox' takes no value"),
    (["favorites"], "'favorites' is no subcommand, and no other arguments are taken"),
    (["--sandbox", "replay", "a.jsonl"], "'replay' comes first, before any flag: 'primetime replay ...'"),
  ])
  func badCommandLinesExitWith64AndOneLine(arguments: [String], message: String) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(arguments, in: home, input: "")
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }
}
