import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import REPL
import Testing

/// `check` typed at the favourites front end: the reducer's notice or problem, as one line.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesCheckCommandTests {
  private func frontEnd(check: @escaping @Sendable () async throws -> [String]) -> FavoritePrimesFrontEnd {
    FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(favoritePrimes: [2]),
        reducer: FavoritePrimes().dependency(
          \.favoritePrimesClient,
          FavoritePrimesClient(load: { FavoritePrimesSync() }, save: { _ in FavoritePrimesSync() }, check: check)
        )
      )
    )
  }

  @Test func aPassingCheckPrintsOneLine() async {
    #expect(await frontEnd { [] }.type("check") == .output(["The database passed its integrity check."]))
  }

  @Test func aDamagedDatabaseIsTheCommandsFailure() async {
    #expect(
      await frontEnd { ["Page 7: btreeInitPage() returns error code 11"] }.type("CHECK")
        == .failure(
          "The database is damaged (Page 7: btreeInitPage() returns error code 11). Restore it from an "
            + "earlier backup, or move it away to start afresh; 'export FILE' first keeps the favorites listed."
        )
    )
  }

  @Test func checkTakesNoArguments() async {
    #expect(await frontEnd { [] }.type("check now") == .failure("'check' takes no arguments: type 'check' alone."))
  }
}

extension FavoritePrimesFrontEnd {
  /// Parses `line` with the front end's table, as a REPL does, and runs the command.
  fileprivate func type(_ line: String) async -> CommandResult {
    switch commands.parse(line) {
    case let .success(command): await run(command)
    case let .failure(error): .failure(error.message)
    }
  }
}
