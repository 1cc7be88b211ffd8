import ExecutableTestSupport
import Testing

/// `prime-modal-demo` as a playground: `--trace` and `trace on|off` print each button's action with the change
/// it made to the state, before the command's own output; `state` prints the whole state.
@Suite("prime-modal-demo as a playground", .timeLimit(.minutes(5)))
struct PrimeModalDemoPlaygroundTests {
  let demo = Executable("prime-modal-demo")

  @Test func traceFlagTracesEachButtonBeforeTheModalIsShown() async throws {
    let run = try await demo.run(["--trace", "--favorites", "3", "5"], script: "fav\nfav")
    expect(
      run,
      stdout: """
        received action: PrimeModalAction.saveFavoritePrimeTapped
          PrimeModalState(
            …
        −   favoritePrimes: FavoriteList(primes: [3]),
        +   favoritePrimes: FavoriteList(
        +     primes: [3, 5],
        +     unsavedChanges: [.addedFavoritePrime(5)]
        +   ),
            …
          )
        5 is prime 🎉
        Remove from favorite primes [unfav]
        received action: PrimeModalAction.saveFavoritePrimeTapped
          PrimeModalState(
            …
        −   problem: nil
        +   problem: .alreadyFavorite(5)
          )
        """,
      stderr: "prime-modal-demo: line 2: 5 is already a favorite prime.",
      status: 1
    )
  }

  @Test func traceOnAndOffSwitchTheTraceAndABareTraceSaysWhetherItIsOn() async throws {
    let run = try await demo.run(["11"], script: "trace\ntrace on\nfav\ntrace\ntrace off\nunfav\ntrace")
    expect(
      run,
      stdout: """
        tracing is off
        tracing on
        received action: PrimeModalAction.saveFavoritePrimeTapped
          PrimeModalState(
            …
        −   favoritePrimes: FavoriteList(primes: []),
        +   favoritePrimes: FavoriteList(
        +     primes: [11],
        +     unsavedChanges: [.addedFavoritePrime(11)]
        +   ),
            …
          )
        11 is prime 🎉
        Remove from favorite primes [unfav]
        tracing is on
        tracing off
        11 is prime 🎉
        Save to favorite primes [fav]
        tracing is off
        """
    )
  }

  @Test func stateShowsTheWholeStateFieldByField() async throws {
    let run = try await demo.run(["--favorites", "2,3", "8"], script: "fav\nstate")
    expect(
      run,
      stdout: """
        PrimeModalState(
          count: 8,
          favoritePrimes: FavoriteList(primes: [2, 3]),
          problem: .notPrime(8)
        )
        """,
      stderr: "prime-modal-demo: line 1: 8 is not prime, so it can't be a favorite prime.",
      status: 1
    )
  }

  @Test(
    arguments: [
      (["--trace", "--trace"], "'--trace' is given twice"),
      (["--trace=on"], "'--trace' takes no value"),
    ]
  )
  func badTraceFlagsExitWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "prime")
    expect(run, stdout: "", stderr: "prime-modal-demo: \(message). Try 'prime-modal-demo --help'.", status: 64)
  }

  /// After `--`, `--trace` is a COUNT, and not a number.
  @Test func afterDoubleDashTraceIsACount() async throws {
    let run = try await demo.run(["--", "--trace"], script: "prime")
    expect(
      run,
      stdout: "",
      stderr: "prime-modal-demo: COUNT must be a whole number, like 7; got '--trace'. Try 'prime-modal-demo --help'.",
      status: 64
    )
  }
}
