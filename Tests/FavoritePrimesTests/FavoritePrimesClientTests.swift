import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import Testing

/// The favourite primes client's doubles: the in-memory one for demos and the failing one for tests.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesClientTests {
  nonisolated private static let noon = Date(timeIntervalSince1970: 1_763_726_400)

  private static func entry(_ id: Int64, _ type: Activity.Kind) -> Activity {
    Activity(id: id, timestamp: noon, type: type)
  }

  @Test func inMemoryStartsEmptyByDefault() async throws {
    #expect(try await FavoritePrimesClient.inMemory().load() == FavoritePrimesSync(favoritePrimes: []))
  }

  /// A save applies its changes in order, as the database does: an addition appends a prime not stored, a
  /// removal deletes a stored one, and the rest changes and records nothing. The list comes back only when
  /// this client could not know it (here: never before its first load).
  @Test func inMemoryAppliesChangesAndRecordsOneEntryForEachThatChangedTheList() async throws {
    let client = FavoritePrimesClient.inMemory([2, 3], now: { Self.noon })
    #expect(try await client.load() == FavoritePrimesSync(favoritePrimes: [2, 3]))
    let sync = try await client.save([
      .addedFavoritePrime(7), .addedFavoritePrime(2), .removedFavoritePrime(3), .removedFavoritePrime(13),
      .addedFavoritePrime(7),
    ])
    #expect(sync == FavoritePrimesSync(activity: [Self.entry(1, .addedFavoritePrime(7)), Self.entry(2, .removedFavoritePrime(3))]))
    #expect(try await client.save([]) == FavoritePrimesSync())
    #expect(try await client.load() == FavoritePrimesSync(favoritePrimes: [2, 7]))
  }

  /// Two clients of one memory are two PrimeTimes on one file: each save brings back what the other did,
  /// the list and its activity, and no entry comes twice.
  @Test func inMemoryClientsOfOneMemoryBringBackEachOthersChanges() async throws {
    let memory = FavoritePrimesMemory(now: { Self.noon })
    let first = FavoritePrimesClient.inMemory(memory)
    let second = FavoritePrimesClient.inMemory(memory)
    _ = try await first.load()
    _ = try await second.load()
    _ = try await first.save([.addedFavoritePrime(7)])
    _ = try await second.save([.addedFavoritePrime(23)])
    #expect(
      try await first.save([.addedFavoritePrime(11)])
        == FavoritePrimesSync(
          favoritePrimes: [7, 23, 11],
          activity: [Self.entry(2, .addedFavoritePrime(23)), Self.entry(3, .addedFavoritePrime(11))]
        )
    )
    #expect(try await first.save([]) == FavoritePrimesSync())
    #expect(try await second.load() == FavoritePrimesSync(favoritePrimes: [7, 23, 11], activity: [Self.entry(3, .addedFavoritePrime(11))]))
  }

  /// Each call of `inMemory` with a list is its own storage.
  @Test func inMemoryClientsDoNotShareStorage() async throws {
    let first = FavoritePrimesClient.inMemory([2])
    let second = FavoritePrimesClient.inMemory([2])
    _ = try await first.save([.addedFavoritePrime(3)])
    #expect(try await second.load().favoritePrimes == [2])
  }

  @Test func savingThenLoadingThroughTheReducerRoundTrips() async {
    let client = FavoritePrimesClient.inMemory([2, 3, 5], now: { Self.noon })
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = client
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 3, 5])))
    await store.send(.deleteFavoritePrimes([0, 2])) {
      $0.favoritePrimes = FavoriteList([3], unsavedChanges: [.removedFavoritePrime(2), .removedFavoritePrime(5)])
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(
      .favoritePrimesSaved(
        FavoritePrimesSync(activity: [Self.entry(1, .removedFavoritePrime(2)), Self.entry(2, .removedFavoritePrime(5))])
      )
    ) { $0.favoritePrimes.saveSucceeded() }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [3])))
    await store.finish()
  }

  @Test func failingLoadReportsAFailureNamingTheEndpointThenThrows() async {
    var thrown: (any Error)?
    let failures = await collectTestFailures {
      do {
        _ = try await FavoritePrimesClient.failing.load()
      } catch {
        thrown = error
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix("FavoritePrimesClient.load was called, but the test did not stub it.") == true,
      "\(failures)"
    )
    #expect(thrown.map { "\($0)" } == "FavoritePrimesClient.load is not implemented here")
  }

  @Test func failingSaveReportsAFailureNamingTheEndpointThenThrows() async {
    var thrown: (any Error)?
    let failures = await collectTestFailures {
      do {
        _ = try await FavoritePrimesClient.failing.save([.addedFavoritePrime(2)])
      } catch {
        thrown = error
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix("FavoritePrimesClient.save was called, but the test did not stub it.") == true,
      "\(failures)"
    )
    #expect(thrown.map { "\($0)" } == "FavoritePrimesClient.save is not implemented here")
  }

  /// A reducer that calls an endpoint the test did not stub fails the test, and the screen shows the failure.
  @Test func failingFailsATestWhoseReducerLoads() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes())
      await store.send(.loadButtonTapped)
      await store.receive(.loadFailed("FavoritePrimesClient.load is not implemented here")) {
        $0.problem = .loadFailed("FavoritePrimesClient.load is not implemented here")
      }
      await store.finish()
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("FavoritePrimesClient.load was called") == true, "\(failures)")
  }
}
