import ComposableArchitectureTestSupport
import FavoritePrimes
import Testing

/// `check`: the client's integrity check becomes a notice when the database passed, a problem naming the
/// damage and what to do when it did not, and a problem saying why when it could not run.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesCheckTests {
  static func client(check: @escaping @Sendable () async throws -> [String]) -> FavoritePrimesClient {
    FavoritePrimesClient(load: FavoritePrimesClient.failing.load, save: FavoritePrimesClient.failing.save, check: check)
  }

  @Test func aDatabaseThatPassesSaysSo() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = Self.client { [] }
    }
    await store.send(.checkTapped)
    await store.receive(.checked(findings: [])) { $0.notice = .passedCheck }
    await store.finish()
    #expect(store.state.notice?.description == "The database passed its integrity check.")
  }

  @Test func aDamagedDatabaseIsAProblemNamingTheFindingsAndWhatToDo() async {
    let findings = ["*** in database main ***\nPage 7: btreeInitPage() returns error code 11", "Page 9: never used"]
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = Self.client { findings }
    }
    await store.send(.checkTapped)
    await store.receive(.checked(findings: findings)) { $0.problem = .damaged(findings: findings) }
    await store.finish()
    #expect(
      store.state.problem?.description
        == "The database is damaged (*** in database main *** Page 7: btreeInitPage() returns error code 11; "
        + "Page 9: never used). Restore it from an earlier backup, or move it away to start afresh; "
        + "'export FILE' first keeps the favorites listed."
    )
  }

  @Test func withoutADatabaseTheCheckSaysThereIsNoneToCheck() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = .inMemory([2])
    }
    await store.send(.checkTapped)
    let reason = "there is no database to check: favorites are kept in memory only"
    await store.receive(.checkFailed(reason)) { $0.problem = .checkFailed(reason) }
    await store.finish()
    #expect(
      store.state.problem?.description
        == "Couldn't check the database: there is no database to check: favorites are kept in memory only."
    )
  }

  /// The notice of an earlier export goes when the check is asked for, as with every command.
  @Test func aCheckReplacesTheLastNotice() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2], notice: .exported(count: 1, path: "a.txt")),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = Self.client { [] }
    }
    await store.send(.checkTapped) { $0.notice = nil }
    await store.receive(.checked(findings: [])) { $0.notice = .passedCheck }
    await store.finish()
  }

  @Test func theFailingClientReportsAnUnstubbedCheckThenThrows() async {
    var thrown: (any Error)?
    let failures = await collectTestFailures {
      do {
        _ = try await FavoritePrimesClient.failing.check()
      } catch {
        thrown = error
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix("FavoritePrimesClient.check was called, but the test did not stub it.") == true,
      "\(failures)"
    )
    #expect(thrown.map { "\($0)" } == "FavoritePrimesClient.check is not implemented here")
  }
}
