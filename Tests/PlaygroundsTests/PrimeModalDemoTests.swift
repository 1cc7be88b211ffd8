import ExecutableTestSupport
import Testing

/// End-to-end tests of `prime-modal-demo`: the built binary, scripts piped in, whole output compared.
@Suite("prime-modal-demo", .timeLimit(.minutes(5)))
struct PrimeModalDemoTests {
  let demo = Executable("prime-modal-demo")

  @Test func everyCommandWorksInAHappyScript() async throws {
    let run = try await demo.run(script: "prime\nfavorites\nfav\nfavorites\nunfav\nfavorites")

    expect(
      run,
      stdout: """
        7 is prime 🎉
        Save to favorite primes [fav]
        No favorite primes yet.
        7 is prime 🎉
        Remove from favorite primes [unfav]
        1. 7
        7 is prime 🎉
        Save to favorite primes [fav]
        No favorite primes yet.
        """
    )
  }

  @Test func errorsAreReportedWithTheirLineNumbersAndTheScriptGoesOn() async throws {
    let run = try await demo.run(script: "unfav\nfav\nfav\nprime now\nfavs\nfavorites")

    expect(
      run,
      stdout: """
        7 is prime 🎉
        Remove from favorite primes [unfav]
        1. 7
        """,
      stderr: """
        prime-modal-demo: line 1: 7 is not a favorite prime.
        prime-modal-demo: line 3: 7 is already a favorite prime.
        prime-modal-demo: line 4: 'prime' takes no arguments: type 'prime' alone.
        prime-modal-demo: line 5: unknown command 'favs'; did you mean 'fav'? Type 'help' for the list.
        """,
      status: 1
    )
  }

  @Test func aCountThatIsNotPrimeCannotBeAFavorite() async throws {
    let run = try await demo.run(["8"], script: "prime\nfav\nunfav\nfavorites")

    expect(
      run,
      stdout: """
        8 is not prime :(
        No favorite primes yet.
        """,
      stderr: """
        prime-modal-demo: line 2: 8 is not prime, so it can't be a favorite prime.
        prime-modal-demo: line 3: 8 is not a favorite prime.
        """,
      status: 1
    )
  }

  @Test func aNegativeCountIsACountNotAnOption() async throws {
    let run = try await demo.run(["-3"], script: "prime")

    expect(run, stdout: "-3 is not prime :(")
  }

  @Test func helpFlagPrintsTheUsage() async throws {
    let run = try await demo.run(["--help"])

    expect(
      run,
      stdout: #"""
        USAGE: prime-modal-demo [--favorites P,P,...] [--trace] [--record FILE] [--snapshot-interval N] [COUNT]

        Runs PrimeTime's is-this-prime modal alone, about COUNT, with the favorite primes kept in memory: the modal
        says whether COUNT is prime and offers to save it to, or remove it from, the favorite primes.

        Reads commands one per line, typed at the prompt or piped in:
        prime, fav, unfav, favorites, state, trace, help, quit
        Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole state, and
        'trace on' shows every action with the change it made to the state, until 'trace off'.

        'prime-modal-demo replay FILE [--until N]' replays a recording made with --record, and 'prime-modal-demo
        replay --diff OLD FILE' compares two: see 'prime-modal-demo replay --help'.

        ARGUMENTS:
          COUNT                  The whole number the modal is about (default 7); it may be negative, as in
                                 'prime-modal-demo -3', and '--' may come before it, as in 'prime-modal-demo -- -3'.

        OPTIONS:
          --favorites P,P,...    The favorite primes to start with (default none); each must be prime and given once.
          --trace                Start with the trace on, as 'trace on' does.
          --record FILE          Record every action of the session, and where it came from, to FILE (a new file, made
                                 with mode 0600) for 'prime-modal-demo replay FILE', which replays it and stops at the
                                 first step whose state differs.
          --snapshot-interval N  With --record, record the whole state every N steps, 1 to 1000000 (default 10; 1:
                                 after every step, so that a replay compares each one).
          -h, --help             Show this help and exit.
          --version              Show the version and exit.
          --completions SHELL    Print a completion script for SHELL (bash, zsh or fish) and exit.
          --manual               Print the manual page (for man -l, or a man1 directory) and exit.
          --                     End of the options: every argument after it is not an option.

        EXAMPLES:
          printf 'prime\nfav\nfavorites\n' | prime-modal-demo --favorites 3,5 13
          printf 'fav\nunfav\n' | prime-modal-demo --trace 13

        EXIT STATUS:
          0 on success, 1 if a piped command failed or the --record file can't be made or written, 64 on a
          command-line error.
        """#
    )
  }

  @Test(
    arguments: [
      (["seven"], "COUNT must be a whole number, like 7; got 'seven'"),
      (["1.5"], "COUNT must be a whole number, like 7; got '1.5'"),
      (
        ["99999999999999999999"],
        "COUNT '99999999999999999999' is out of range: it must be from -9223372036854775808 to 9223372036854775807"
      ),
      (["7", "11"], "only one COUNT is taken; got 2 arguments"),
      (["--bogus"], "unknown option '--bogus'"),
    ]
  )
  func badCommandLineExitsWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "prime")

    expect(run, stdout: "", stderr: "prime-modal-demo: \(message). Try 'prime-modal-demo --help'.", status: 64)
  }
}
