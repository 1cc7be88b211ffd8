import ExecutableTestSupport
import Testing

/// End-to-end tests of `favorite-primes-demo`: the built binary, scripts piped in, whole output compared.
@Suite("favorite-primes-demo", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoTests {
  let demo = Executable("favorite-primes-demo")

  @Test func everyCommandWorksInAHappyScript() async throws {
    let run = try await demo.run(script: "favorites\ndelete 2 4\nload\nsave\ndelete 1\nfavorites\nload")

    expect(
      run,
      stdout: """
        1. 2
        2. 3
        3. 5
        4. 7
        1. 2
        2. 5
        1. 2
        2. 5
        Saved 2 favorite primes.
        1. 5
        1. 5
        1. 5
        """
    )
  }

  /// The last `load` gives back what was saved, with the delete made since applied on top: a load never drops a
  /// change no save has stored.
  @Test func saveThenLoadGivesBackWhatWasSavedWithTheChangesNotSavedYet() async throws {
    let run = try await demo.run(script: "delete 1 3\nsave\ndelete 1\nsave\ndelete 1\nload")

    expect(
      run,
      stdout: """
        1. 3
        2. 7
        Saved 2 favorite primes.
        1. 7
        Saved 1 favorite prime.
        No favorite primes yet.
        No favorite primes yet.
        """
    )
  }

  @Test func errorsAreReportedWithTheirLineNumbersAndNothingIsDeleted() async throws {
    let run = try await demo.run(
      script: """
        delete 5
        delete 2 9
        delete 0
        delete
        delete x
        save now
        lod
        favorites
        delete 4 3 2 1
        delete 1
        """
    )

    expect(
      run,
      stdout: """
        1. 2
        2. 3
        3. 5
        4. 7
        No favorite primes yet.
        """,
      stderr: """
        favorite-primes-demo: line 1: There is no favorite prime at position 5; the list has 4. Nothing was deleted.
        favorite-primes-demo: line 2: There is no favorite prime at position 9; the list has 4. Nothing was deleted.
        favorite-primes-demo: line 3: 'delete' needs positions like 'delete 2 3'; '0' is not a positive number.
        favorite-primes-demo: line 4: 'delete' needs positions like 'delete 2 3'.
        favorite-primes-demo: line 5: 'delete' needs positions like 'delete 2 3'; 'x' is not a number.
        favorite-primes-demo: line 6: 'save' takes no arguments: type 'save' alone.
        favorite-primes-demo: line 7: unknown command 'lod'; did you mean 'load'? Type 'help' for the list.
        favorite-primes-demo: line 10: There is no favorite prime at position 1; the list is empty. Nothing was deleted.
        """,
      status: 1
    )
  }

  /// The demo keeps favourites in memory: there is nothing on disk, and `check` says so in one line.
  @Test func checkSaysThereIsNothingOnDiskToCheck() async throws {
    let run = try await demo.run(script: "check\nfavorites")

    expect(
      run,
      stdout: """
        1. 2
        2. 3
        3. 5
        4. 7
        """,
      stderr: """
        favorite-primes-demo: line 1: Couldn't check the store in memory: this demo keeps its favorites in memory \
        only, with nothing on disk to check.
        """,
      status: 1
    )
  }

  @Test func helpFlagPrintsTheUsage() async throws {
    let run = try await demo.run(["-h"])

    expect(
      run,
      stdout: #"""
        USAGE: favorite-primes-demo [--stored P,P,...] [--fail-load] [--fail-save] [--trace] [--record FILE] [--snapshot-interval N]

        Runs PrimeTime's favorite primes screen alone. The list starts as 2, 3, 5, 7, and so does a store kept in
        memory for the session: 'save' sends it the changes made since the last save (the deletes), 'load' replaces
        the list with what it holds, with the changes not saved yet applied on top; the end of the session saves what
        is not saved yet, and if that fails too, says the changes are lost (status 1). With --stored it holds
        something else, as if another program had changed it: the first save then brings back what it holds, with the
        changes applied. 'export FILE' and 'import FILE' use files kept in memory too; 'backup' and 'check' are
        refused, as nothing is on disk.

        Reads commands one per line, typed at the prompt or piped in:
        favorites, delete, save, load, export, import, backup, check, state, trace, help, quit
        Type 'help' at the prompt for what each one does. As a playground: 'state' prints the whole state, and 'trace
        on' shows every action with the change it made to the state, until 'trace off'.

        'favorite-primes-demo replay FILE [--until N]' replays a recording made with --record, and
        'favorite-primes-demo replay --diff OLD FILE' compares two: see 'favorite-primes-demo replay --help'.

        OPTIONS:
          --stored P,P,...       What the store holds at the start (default 2,3,5,7). Values that are not primes, and
                                 repeats, show what 'load' does with a store another program changed.
          --fail-load            Every 'load' fails, as when another program keeps the store locked.
          --fail-save            Every 'save' fails, as on a full disk.
          --trace                Start with the trace on, as 'trace on' does.
          --record FILE          Record every action of the session, and where it came from, to FILE (a new file, made
                                 with mode 0600) for 'favorite-primes-demo replay FILE', which replays it and stops at
                                 the first step whose state differs.
          --snapshot-interval N  With --record, record the whole state every N steps, 1 to 1000000 (default 10; 1:
                                 after every step, so that a replay compares each one).
          -h, --help             Show this help and exit.
          --version              Show the version and exit.
          --completions SHELL    Print a completion script for SHELL (bash, zsh or fish) and exit.
          --manual               Print the manual page (for man -l, or a man1 directory) and exit.
          --                     End of the options: every argument after it is not an option.

        EXAMPLES:
          printf 'delete 2 3\nsave\nload\n' | favorite-primes-demo
          printf 'load\n' | favorite-primes-demo --stored 2,8,2
          printf 'save\nfavorites\n' | favorite-primes-demo --fail-save
          printf 'delete 1\nload\n' | favorite-primes-demo --trace

        EXIT STATUS:
          0 on success, 1 if a piped command failed or the --record file can't be made or written, 64 on a
          command-line error.
        """#
    )
  }

  @Test(
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["favorites"], "'favorites' is no subcommand, and no other arguments are taken"),
    ]
  )
  func badCommandLineExitsWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "favorites")

    expect(
      run,
      stdout: "",
      stderr: "favorite-primes-demo: \(message). Try 'favorite-primes-demo --help'.",
      status: 64
    )
  }
}
