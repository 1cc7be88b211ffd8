import ExecutableTestSupport
import Testing

/// `prime-modal-demo --favorites`: the favourites to start with, checked by the modal's own rules; and `--`
/// before a COUNT that starts with a dash.
@Suite("prime-modal-demo --favorites", .timeLimit(.minutes(5)))
struct PrimeModalDemoFavoritesTests {
  let demo = Executable("prime-modal-demo")

  @Test func theGivenFavoritesAreTheStartingList() async throws {
    let run = try await demo.run(["--favorites", "3,5", "5"], script: "favorites\nprime\nfav\nunfav\nfavorites")
    expect(
      run,
      stdout: """
        1. 3
        2. 5
        5 is prime 🎉
        Remove from favorite primes [unfav]
        5 is prime 🎉
        Save to favorite primes [fav]
        1. 3
        """,
      stderr: "prime-modal-demo: line 3: 5 is already a favorite prime.",
      status: 1
    )
  }

  @Test(
    arguments: [
      (["--favorites", "3,4"], "'--favorites': 4 is not prime, so it can't be a favorite prime"),
      (["--favorites=3,5,3"], "'--favorites' gives 3 twice; list each favorite prime once"),
      (["--favorites", "3,,5"], "'--favorites' needs primes separated by commas, like '--favorites 3,5'; got ''"),
      (["--favorites", "three"], "'--favorites' needs primes separated by commas, like '--favorites 3,5'; got 'three'"),
      (["--favorites"], "'--favorites' needs primes separated by commas, like '--favorites 3,5'"),
      (["--favorites", "3", "--favorites", "5"], "'--favorites' is given twice"),
    ]
  )
  func favoritesTheModalWouldRefuseExitWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "prime")
    expect(run, stdout: "", stderr: "prime-modal-demo: \(message). Try 'prime-modal-demo --help'.", status: 64)
  }

  @Test(arguments: [["--", "-3"], ["--favorites", "2", "--", "-3"], ["-3", "--favorites", "2"]])
  func aNegativeCountMayFollowADoubleDash(arguments: [String]) async throws {
    let run = try await demo.run(arguments, script: "prime")
    expect(run, stdout: "-3 is not prime :(")
  }

  @Test func afterADoubleDashAnOptionIsACount() async throws {
    let run = try await demo.run(["--", "--help"], script: "prime")
    expect(
      run,
      stdout: "",
      stderr: "prime-modal-demo: COUNT must be a whole number, like 7; got '--help'. Try 'prime-modal-demo --help'.",
      status: 64
    )
  }
}
