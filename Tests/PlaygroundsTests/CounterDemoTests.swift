import ExecutableTestSupport
import Testing

/// End-to-end tests of `counter-demo`: the built binary, scripts piped in, whole output compared.
@Suite("counter-demo", .timeLimit(.minutes(5)))
struct CounterDemoTests {
  let demo = Executable("counter-demo")

  @Test func everyCommandWorksInAHappyScript() async throws {
    let run = try await demo.run(
      ["--delay", "0"],
      script: """
        # up to 2, ask for the 2nd prime, then save 2 as a favorite

        +
        incr
        nth
        ok
        prime
        fav
        unfav
        fav
        ok
        -
        decr
        quit
        this line is never read
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
        The 2nd prime is 3
        - 2 +
        Is this prime?
        What is the 2nd prime?
        2 is prime 🎉
        Save to favorite primes [fav]
        2 is prime 🎉
        Remove from favorite primes [unfav]
        2 is prime 🎉
        Save to favorite primes [fav]
        2 is prime 🎉
        Remove from favorite primes [unfav]
        - 2 +
        Is this prime?
        What is the 2nd prime?
        - 1 +
        Is this prime?
        What is the 1st prime?
        - 0 +
        Is this prime?
        What is the 0th prime?
        """
    )
  }

  @Test func nthAtZeroFailsWithTheCounterProblem() async throws {
    let run = try await demo.run(["--delay", "0"], script: "+\n-\nnth")

    expect(
      run,
      stdout: """
        - 1 +
        Is this prime?
        What is the 1st prime?
        - 0 +
        Is this prime?
        What is the 0th prime?
        """,
      stderr: """
        counter-demo: line 3: There is no 0th prime: primes are counted from the 1st. Count up to 1 or more first.
        """,
      status: 1
    )
  }

  @Test func errorsAreReportedWithTheirLineNumbersAndTheScriptGoesOn() async throws {
    let run = try await demo.run(
      ["--delay", "0"],
      script: """
        nht
        + 3
        ok
        fav
        unfav
        +
        +
        prime
        fav
        fav
        ok
        +
        unfav
        help nope
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
        2 is prime 🎉
        Save to favorite primes [fav]
        2 is prime 🎉
        Remove from favorite primes [unfav]
        - 2 +
        Is this prime?
        What is the 2nd prime?
        - 3 +
        Is this prime?
        What is the 3rd prime?
        """,
      stderr: """
        counter-demo: line 1: unknown command 'nht'; did you mean 'nth'? Type 'help' for the list.
        counter-demo: line 2: '+' takes no arguments: type '+' alone.
        counter-demo: line 3: Nothing to dismiss: no modal or nth-prime answer is showing.
        counter-demo: line 4: 0 is not prime, so it can't be a favorite prime.
        counter-demo: line 5: 0 is not a favorite prime.
        counter-demo: line 10: 2 is already a favorite prime.
        counter-demo: line 13: 3 is not a favorite prime.
        counter-demo: line 14: unknown command 'nope'. Type 'help' for the list.
        """,
      status: 1
    )
  }

  @Test func okDismissesWhatIsOnTopTheModalBeforeTheAlert() async throws {
    let run = try await demo.run(["--delay", "0"], script: "+\nnth\nprime\nok\nok\nok")

    expect(
      run,
      stdout: """
        - 1 +
        Is this prime?
        What is the 1st prime?
        The 1st prime is 2
        1 is not prime :(
        The 1st prime is 2
        - 1 +
        Is this prime?
        What is the 1st prime?
        """,
      stderr: "counter-demo: line 6: Nothing to dismiss: no modal or nth-prime answer is showing.",
      status: 1
    )
  }

  @Test func setReplacesTheCountAndRejectsWhatIsNotANumber() async throws {
    let run = try await demo.run(["--delay", "0"], script: "set 97\nprime\nset ninety\nset -3")

    expect(
      run,
      stdout: """
        - 97 +
        Is this prime?
        What is the 97th prime?
        97 is prime 🎉
        Save to favorite primes [fav]
        - -3 +
        Is this prime?
        What is the -3rd prime?
        """,
      stderr: "counter-demo: line 3: 'set' needs a number like 'set 42'; 'ninety' is not a number.",
      status: 1
    )
  }

  /// The largest count the offline engine answers, 10^12, is answered exactly (in a few seconds in a debug
  /// build); beyond it, the answer is the nth-prime problem.
  @Test func nthFindsThe10To12thPrimeAndRefusesBeyondIt() async throws {
    let run = try await demo.run(["--delay", "0"], script: "set 1000000000000\nnth\nok\nset 1000000000001\nnth")

    expect(
      run,
      stdout: """
        - 1000000000000 +
        Is this prime?
        What is the 1000000000000th prime?
        The 1000000000000th prime is 29996224275833
        - 1000000000000 +
        Is this prime?
        What is the 1000000000000th prime?
        - 1000000000001 +
        Is this prime?
        What is the 1000000000001st prime?
        """,
      stderr: """
        counter-demo: line 5: The 1000000000001st prime is beyond what PrimeTime computes; ask for the 1000000000000th or earlier.
        """,
      status: 1
    )
  }

  @Test func helpListsTheCommands() async throws {
    let run = try await demo.run(script: "help\nhelp incr")

    expect(
      run,
      stdout: """
        +               Count up by one (alias: incr)
        -               Count down by one (alias: decr)
        set N           Set the count to N
        prime [N]       Ask whether the count is prime, opening the modal
        fav             Save the count to the favorite primes
        unfav           Remove the count from the favorite primes
        nth [N]         Ask for the nth prime, where n is the count
        ok              Dismiss the modal, else the nth-prime answer
        state           Show the whole state, field by field
        trace [on|off]  Show every action and the change it made to the state, or stop
        help [COMMAND]  List the commands, or describe one
        quit            End the session (alias: exit)
        usage: +
        Count up by one
        aliases: incr
        """
    )
  }

  @Test func withoutDelayFlagNthTakesHalfASecond() async throws {
    let run = try await demo.run(script: "+\nnth")

    expect(
      run,
      stdout: """
        - 1 +
        Is this prime?
        What is the 1st prime?
        The 1st prime is 2
        """
    )
    #expect(run.duration >= .milliseconds(500))
  }

  @Test func helpFlagPrintsTheUsage() async throws {
    for flag in ["--help", "-h"] {
      let run = try await demo.run([flag])

      expect(
        run,
        stdout: #"""
          USAGE: counter-demo [--delay SECONDS] [--answer N | --fail] [--trace] [--record FILE] [--snapshot-interval N]

          Runs PrimeTime's Counter feature alone: the count, the nth-prime alert and the is-this-prime modal. The nth
          prime is computed on this machine after a delay, as a slow service would answer; favorite primes live in
          memory for the session.

          Reads commands one per line, typed at the prompt or piped in:
          + (incr), - (decr), set, prime, fav, unfav, nth, ok, state, trace, help, quit
          Type 'help' at the prompt for what each one does. As in a playground, 'state' shows the whole state, and
          'trace on' shows every action (those the nth-prime answer sends back too) with the change it made to the
          state, until 'trace off'.

          'counter-demo replay FILE [--until N]' replays a recording made with --record, and 'counter-demo replay --diff
          OLD FILE' compares two: see 'counter-demo replay --help'.

          OPTIONS:
            --delay SECONDS        How long 'nth' takes to answer (default 0.5; 0 to 3600).
            --answer N             Answer every nth-prime question with N instead of computing it.
            --fail                 Fail every nth-prime question, as a failed computation does.
            --trace                Start with the trace on, as 'trace on' does.
            --record FILE          Record every action of the session, and where it came from, to FILE (a new file, made
                                   with mode 0600) for 'counter-demo replay FILE', which replays it and stops at the
                                   first step whose state differs.
            --snapshot-interval N  With --record, record the whole state every N steps, 1 to 1000000 (default 10; 1:
                                   after every step, so that a replay compares each one).
            -h, --help             Show this help and exit.
            --version              Show the version and exit.
            --completions SHELL    Print a completion script for SHELL (bash, zsh or fish) and exit.
            --manual               Print the manual page (for man -l, or a man1 directory) and exit.
            --                     End of the options: every argument after it is not an option.

          ENVIRONMENT:
            WOLFRAM_ALPHA_APPID    Ask Wolfram|Alpha for the nth prime instead, as the original app did (no delay); when
                                   it fails, the prime is computed here and a line says why. '--answer' and '--fail' win
                                   over it.

          EXAMPLES:
            printf '+\n+\nnth\n' | counter-demo --delay 0
            printf '+\nnth\n' | counter-demo --delay 0 --answer 17 --trace

          EXIT STATUS:
            0 on success, 1 if a piped command failed or the --record file can't be made or written, 64 on a
            command-line error.
          """#
      )
    }
  }

  @Test(
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--delay"], "'--delay' needs a number of seconds, like '--delay 0.5'"),
      (["--delay", "soon"], "'--delay' needs a number of seconds from 0 to 3600, like '--delay 0.5'; got 'soon'"),
      (["--delay=-1"], "'--delay' needs a number of seconds from 0 to 3600, like '--delay 0.5'; got '-1'"),
      (["--delay", "nan"], "'--delay' needs a number of seconds from 0 to 3600, like '--delay 0.5'; got 'nan'"),
      (["7"], "'7' is no subcommand, and no other arguments are taken"),
    ]
  )
  func badCommandLineExitsWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "+")

    expect(run, stdout: "", stderr: "counter-demo: \(message). Try 'counter-demo --help'.", status: 64)
  }
}
