import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import Foundation
import Testing

/// The activity client's doubles and its key, declared in FavoritePrimes beside the favourites' client: the
/// in-memory one for demos, the failing one for tests, and `\.activityClient` choosing between them.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ActivityClientTests {
  private let noon = Date(timeIntervalSince1970: 1_763_726_400)

  @Test func inMemoryHasNoActivityByDefault() async throws {
    #expect(try await ActivityClient.inMemory().page(nil, nil) == ActivityPage(activity: [], hasEarlier: false))
  }

  @Test func inMemoryPagesThroughTheActivityItWasGivenLatestFirst() async throws {
    let activity = (1...5).map { Activity(id: Int64($0), timestamp: noon, type: .addedFavoritePrime($0)) }
    let client = ActivityClient.inMemory(activity)
    #expect(try await client.page(nil, nil) == ActivityPage(activity: activity, hasEarlier: false))
    #expect(try await client.page(nil, 2) == ActivityPage(activity: Array(activity[3...]), hasEarlier: true))
    #expect(try await client.page(4, 2) == ActivityPage(activity: Array(activity[1...2]), hasEarlier: true))
    #expect(try await client.page(3, 2) == ActivityPage(activity: Array(activity[0...1]), hasEarlier: false))
    #expect(try await client.page(3, nil) == ActivityPage(activity: Array(activity[0...1]), hasEarlier: false))
    #expect(try await client.page(1, nil) == ActivityPage(activity: [], hasEarlier: false))
    #expect(try await client.page(nil, 0) == ActivityPage(activity: [], hasEarlier: true))
  }

  /// The sandbox's two clients share one memory: what a save records, with ids from 1 and the memory's clock,
  /// is what the activity client reads.
  @Test func inMemoryFavoritesAndActivitySharingAMemoryAgree() async throws {
    let memory = FavoritePrimesMemory(now: { [noon] in noon })
    let favorites = FavoritePrimesClient.inMemory(memory)
    let activity = ActivityClient.inMemory(memory)
    _ = try await favorites.load()
    let saved = try await favorites.save([.addedFavoritePrime(7), .addedFavoritePrime(11), .removedFavoritePrime(7)])
    let expected = [
      Activity(id: 1, timestamp: noon, type: .addedFavoritePrime(7)),
      Activity(id: 2, timestamp: noon, type: .addedFavoritePrime(11)),
      Activity(id: 3, timestamp: noon, type: .removedFavoritePrime(7)),
    ]
    #expect(saved == FavoritePrimesSync(favoritePrimes: nil, activity: expected))
    #expect(try await activity.page(nil, 20) == ActivityPage(activity: expected, hasEarlier: false))
  }

  @Test func failingLoadReportsAFailureNamingTheEndpointThenThrows() async {
    var thrown: (any Error)?
    let failures = await collectTestFailures {
      do {
        _ = try await ActivityClient.failing.page(nil, nil)
      } catch {
        thrown = error
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix("ActivityClient.page was called, but the test did not stub it.") == true,
      "\(failures)"
    )
    #expect(thrown.map { "\($0)" } == "ActivityClient.page is not implemented here")
  }

  /// In a test, the key's value is the failing client: a test that loads without stubbing fails.
  @Test func theTestValueIsTheFailingClient() async {
    let client = DependencyValues.current.activityClient
    let failures = await collectTestFailures { _ = try? await client.page(nil, nil) }
    #expect(failures.count == 1, "\(failures)")
  }

  /// Demos and sandboxes: the preview value has no activity, and loading it reports nothing.
  @Test(.dependency(\.context, .preview))
  func thePreviewValueHasNoActivity() async throws {
    let client = DependencyValues.current.activityClient
    var loaded: ActivityPage?
    let failures = await collectTestFailures { loaded = try? await client.page(nil, nil) }
    #expect(failures.isEmpty, "\(failures)")
    #expect(loaded == ActivityPage(activity: [], hasEarlier: false))
  }

  /// An override through the accessor is the client read back.
  @Test func anOverrideIsTheClientUsed() async throws {
    let activity = [Activity(id: 1, timestamp: noon, type: .addedFavoritePrime(13))]
    let client = withDependencies {
      $0.activityClient = .inMemory(activity)
    } operation: {
      DependencyValues.current.activityClient
    }
    #expect(try await client.page(nil, nil).activity == activity)
  }
}
