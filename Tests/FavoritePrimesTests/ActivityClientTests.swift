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
    #expect(try await ActivityClient.inMemory().load() == [])
  }

  @Test func inMemoryAlwaysLoadsTheActivityItWasGiven() async throws {
    let activity = [
      Activity(timestamp: noon, type: .addedFavoritePrime(7)),
      Activity(timestamp: noon.addingTimeInterval(60), type: .removedFavoritePrime(7)),
    ]
    let client = ActivityClient.inMemory(activity)
    #expect(try await client.load() == activity)
    #expect(try await client.load() == activity)
  }

  @Test func failingLoadReportsAFailureNamingTheEndpointThenThrows() async {
    var thrown: (any Error)?
    let failures = await collectTestFailures {
      do {
        _ = try await ActivityClient.failing.load()
      } catch {
        thrown = error
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix("ActivityClient.load was called, but the test did not stub it.") == true,
      "\(failures)"
    )
    #expect(thrown.map { "\($0)" } == "ActivityClient.load is not implemented here")
  }

  /// In a test, the key's value is the failing client: a test that loads without stubbing fails.
  @Test func theTestValueIsTheFailingClient() async {
    let client = DependencyValues.current.activityClient
    let failures = await collectTestFailures { _ = try? await client.load() }
    #expect(failures.count == 1, "\(failures)")
  }

  /// Demos and sandboxes: the preview value has no activity, and loading it reports nothing.
  @Test(.dependency(\.context, .preview))
  func thePreviewValueHasNoActivity() async throws {
    let client = DependencyValues.current.activityClient
    var loaded: [Activity]?
    let failures = await collectTestFailures { loaded = try? await client.load() }
    #expect(failures.isEmpty, "\(failures)")
    #expect(loaded == [])
  }

  /// An override through the accessor is the client read back.
  @Test func anOverrideIsTheClientUsed() async throws {
    let activity = [Activity(timestamp: noon, type: .addedFavoritePrime(13))]
    let client = withDependencies {
      $0.activityClient = .inMemory(activity)
    } operation: {
      DependencyValues.current.activityClient
    }
    #expect(try await client.load() == activity)
  }
}
