import ComposableArchitectureTestSupport
import FavoritePrimes
import Testing

/// The favourite primes client's doubles: the in-memory one for demos and the failing one for tests.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesClientTests {
  @Test func inMemoryStartsEmptyByDefault() async throws {
    #expect(try await FavoritePrimesClient.inMemory().load() == [])
  }

  @Test func inMemoryRoundTripsWhatWasSaved() async throws {
    let client = FavoritePrimesClient.inMemory([2, 3])
    #expect(try await client.load() == [2, 3])
    #expect(try await client.save([7, 5, 11]) == [7, 5, 11])
    #expect(try await client.load() == [7, 5, 11])
    #expect(try await client.save([]) == [])
    #expect(try await client.load() == [])
  }

  /// Each call of `inMemory` is its own storage.
  @Test func inMemoryClientsDoNotShareStorage() async throws {
    let first = FavoritePrimesClient.inMemory([2])
    let second = FavoritePrimesClient.inMemory([2])
    _ = try await first.save([3])
    #expect(try await second.load() == [2])
  }

  @Test func savingThenLoadingThroughTheReducerRoundTrips() async {
    let client = FavoritePrimesClient.inMemory()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = client
    }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [2, 3, 5], stored: [2, 3, 5]))
    await store.send(.deleteFavoritePrimes([0, 1, 2])) { $0.favoritePrimes = [] }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([2, 3, 5])) { $0.favoritePrimes = [2, 3, 5] }
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
        _ = try await FavoritePrimesClient.failing.save([2])
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
