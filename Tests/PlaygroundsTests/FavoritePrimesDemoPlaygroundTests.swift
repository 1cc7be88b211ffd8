import ExecutableTestSupport
import Testing

/// `favorite-primes-demo` as a playground: `--trace` and `trace on|off` print each action, the in-memory
/// client's answers included, with the change it made to the state, before the command's own output; `state`
/// prints the whole state.
@Suite("favorite-primes-demo as a playground", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoPlaygroundTests {
  let demo = Executable("favorite-primes-demo")

  @Test func traceFlagTracesTheTapAndTheClientsAnswerBeforeTheList() async throws {
    let run = try await demo.run(["--trace", "--stored", "2,8"], script: "load")
    expect(
      run,
      stdout: """
        received action: FavoritePrimesAction.loadButtonTapped
          (no state change)
        received action: FavoritePrimesAction.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 8], activity: [], favoritePrimesWereChecked: false))
          FavoritePrimesState(
        −   favoritePrimes: FavoriteList(primes: [2, 3, 5, 7]),
        +   favoritePrimes: FavoriteList(primes: [2]),
        −   problem: nil,
        +   problem: .leftOut(["8"]),
            …
          )
        """,
      stderr: "favorite-primes-demo: line 1: Left out saved values that are not favorite primes (8): another program "
        + "changed the store in memory. They stay in it: a save writes only the changes you make.",
      status: 1
    )
  }

  @Test func traceOnAndOffSwitchTheTraceAndStateShowsTheWholeState() async throws {
    let run = try await demo.run([], script: "trace\ntrace on\ndelete 4\ntrace off\ndelete 1\ntrace\nstate")
    expect(
      run,
      stdout: """
        tracing is off
        tracing on
        received action: FavoritePrimesAction.deleteFavoritePrimes(FavoritePrimeOffsets(ranges: [3..<4]))
          FavoritePrimesState(
        −   favoritePrimes: FavoriteList(primes: [2, 3, 5, 7]),
        +   favoritePrimes: FavoriteList(
        +     primes: [2, 3, 5],
        +     unsavedChanges: [.removedFavoritePrime(7)]
        +   ),
            …
          )
        1. 2
        2. 3
        3. 5
        tracing off
        1. 3
        2. 5
        tracing is off
        FavoritePrimesState(
          favoritePrimes: FavoriteList(
            primes: [3, 5],
            unsavedChanges: [.removedFavoritePrime(7), .removedFavoritePrime(2)]
          ),
          problem: nil,
          notice: nil,
          isLoaded: true,
          importing: nil,
          backingUp: nil
        )
        """
    )
  }

  @Test(arguments: [
    (["--trace", "--trace"], "'--trace' is given twice"),
    (["--trace=yes"], "'--trace' takes no value"),
    (["--fail-save", "--fail-save"], "'--fail-save' is given twice"),
    (["--fail-load=1"], "'--fail-load' takes no value"),
  ])
  func switchesTakeNoValueAndAreGivenOnce(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "favorite-primes-demo: \(message). Try 'favorite-primes-demo --help'.",
      status: 64
    )
  }
}
