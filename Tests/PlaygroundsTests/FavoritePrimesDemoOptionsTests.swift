import ExecutableTestSupport
import Testing

/// `favorite-primes-demo`'s flags that swap the environment: what the in-memory store holds at the start,
/// and a store whose loads or saves fail as a real store's can. Bad values get one line and status 64.
@Suite("favorite-primes-demo options", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoOptionsTests {
  let demo = Executable("favorite-primes-demo")

  @Test(arguments: [["--stored", "13,2"], ["--stored=13,2"]])
  func storedSetsWhatLoadFinds(arguments: [String]) async throws {
    let run = try await demo.run(arguments, script: "load\nsave\nload")
    expect(run, stdout: "1. 13\n2. 2\nSaved 2 favorite primes.\n1. 13\n2. 2")
  }

  /// A negative value is written attached, so it is not taken for an option.
  @Test func storedValuesThatAreNotFavoritePrimesAreLeftOutOnLoad() async throws {
    let run = try await demo.run(["--stored=-7,2,8,2"], script: "load\nfavorites")
    expect(
      run,
      stdout: "1. 2",
      stderr: "favorite-primes-demo: line 1: Left out saved values that are not favorite primes (-7, 8, 2 again): "
        + "another program changed the store in memory. They stay in it: a save writes only the changes you make.",
      status: 1
    )
  }

  @Test func failLoadFailsEveryLoadAndLeavesTheListAsItWas() async throws {
    let run = try await demo.run(["--fail-load"], script: "delete 1\nload\nfavorites\nsave")
    expect(
      run,
      stdout: "1. 3\n2. 5\n3. 7\n1. 3\n2. 5\n3. 7\nSaved 3 favorite primes.",
      stderr: "favorite-primes-demo: line 2: Couldn't load the favorite primes: the store in memory was told to "
        + "fail every load (--fail-load). The list shown is unchanged.",
      status: 1
    )
  }

  @Test func failSaveFailsEverySaveAndKeepsTheList() async throws {
    let run = try await demo.run(["--fail-save"], script: "delete 4\nsave\nfavorites\nload")
    expect(
      run,
      stdout: "1. 2\n2. 3\n3. 5\n1. 2\n2. 3\n3. 5\n1. 2\n2. 3\n3. 5",
      stderr: "favorite-primes-demo: line 2: Couldn't save the favorite primes: the store in memory was told to "
        + "fail every save (--fail-save). They are kept only until favorite-primes-demo exits; 'save' tries again.\n"
        + "favorite-primes-demo: The favorite primes changed since the last successful save could not be saved and "
        + "are lost.",
      status: 1
    )
  }

  @Test func bothFailuresAndAStoredListTogether() async throws {
    let run = try await demo.run(["--fail-save", "--stored", "5", "--fail-load"], script: "save\nload")
    #expect(run.status == 1)
    #expect(run.stdoutText == "")
    #expect(run.stderrLines.count == 2)
  }

  @Test(
    arguments: [
      (["--stored"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'"),
      (["--stored="], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'"),
      (["--stored", "x"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got 'x'"),
      (["--stored", "2,,3"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got '2,,3'"),
      (["--stored", "2,"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got '2,'"),
      (["--stored", "2, 3"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got '2, 3'"),
      (["--stored", "1.5"], "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got '1.5'"),
      (
        ["--stored", "99999999999999999999"],
        "'--stored' needs whole numbers separated by commas, like '--stored 2,31'; got '99999999999999999999'"
      ),
      (
        ["--stored", "--fail-load"],
        "'--stored' needs whole numbers separated by commas; '--fail-load' looks like an option"
      ),
      (["--stored", "2", "--stored", "3"], "'--stored' is given twice"),
      (["--fail-load=yes"], "'--fail-load' takes no value"),
      (["--fail"], "unknown option '--fail'"),
    ]
  )
  func badFlagsExitWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "favorites")
    expect(
      run,
      stdout: "",
      stderr: "favorite-primes-demo: \(message). Try 'favorite-primes-demo --help'.",
      status: 64
    )
  }
}
