import ExecutableTestSupport
import Testing

/// `favorite-primes-demo` ends as `primetime` does: changes not saved get one last save, and when that fails
/// too, one line says they are lost and the status is 1. Its failing store says it was told to fail, not that a
/// disk is full.
@Suite("favorite-primes-demo: the end, and its failing store", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoQuitTests {
  let demo = Executable("favorite-primes-demo")

  @Test func aFailingSaveSaysItWasToldToFail() async throws {
    let run = try await demo.run(["--fail-save"], script: "save")

    expect(
      run,
      stdout: "",
      stderr: "favorite-primes-demo: line 1: Couldn't save the favorite primes: the store in memory was told to "
        + "fail every save (--fail-save). They are kept only until favorite-primes-demo exits; 'save' tries again.",
      status: 1
    )
  }

  @Test func aFailingLoadSaysItWasToldToFail() async throws {
    let run = try await demo.run(["--fail-load"], script: "load")

    expect(
      run,
      stdout: "",
      stderr: "favorite-primes-demo: line 1: Couldn't load the favorite primes: the store in memory was told to "
        + "fail every load (--fail-load). The list shown is unchanged.",
      status: 1
    )
  }

  /// A delete, then `quit`, with every save failing: the last save fails, and the end says the change is lost.
  @Test func quittingWithChangesThatCannotBeSavedSaysTheyAreLost() async throws {
    let run = try await demo.run(["--fail-save"], script: "delete 1\nquit")

    expect(
      run,
      stdout: "1. 3\n2. 5\n3. 7",
      stderr: "favorite-primes-demo: The favorite primes changed since the last successful save could not be saved "
        + "and are lost.",
      status: 1
    )
  }

  /// A delete, then `quit`: the last save stores it, as `primetime`'s quit does, and nothing is said.
  @Test func quittingWithChangesSavesThem() async throws {
    let run = try await demo.run(["--trace"], script: "delete 1\nquit")

    #expect(run.status == 0, "\(run.stderrText)")
    #expect(run.stderrText == "")
    #expect(run.stdoutText.contains("received action: FavoritePrimesAction.saveButtonTapped"))
    #expect(run.stdoutText.contains("received action: FavoritePrimesAction.favoritePrimesSaved("))
  }
}
