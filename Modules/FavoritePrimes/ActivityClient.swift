public import ComposableArchitecture

/// Where the activity feed of earlier sessions comes from: the interface, its doubles, and its dependency key
/// and accessor (``ComposableArchitecture/DependencyValues/activityClient``).
///
/// Recording needs no endpoint of its own: the favourites client's `save` records what changed in the same
/// transaction as the change. The SQLite implementation lives in `FavoritePrimesLive`, which only executables
/// import; they provide it with `.dependency(\.activityClient, ...)`.
public struct ActivityClient: Sendable {
  /// The activity of earlier sessions, oldest first; empty when there is none.
  public var load: @Sendable () async throws -> [Activity]

  /// Creates a client from its endpoint.
  public init(load: @escaping @Sendable () async throws -> [Activity]) {
    self.load = load
  }
}

extension ActivityClient {
  /// For tests: reports a test failure when used, then throws. Stub it in tests that load.
  public static let failing = ActivityClient {
    reportIssue("ActivityClient.load was called, but the test did not stub it.")
    throw UnimplementedActivityEndpoint()
  }

  /// For the sandbox and demos: always the given activity, `[]` by default.
  public static func inMemory(_ activity: [Activity] = []) -> Self {
    ActivityClient { activity }
  }
}

extension ActivityClient: TestDependencyKey {
  /// ``failing``: a test stubs what it loads.
  public static let testValue = ActivityClient.failing
  /// ``inMemory(_:)``, empty: demos and sandboxes have no earlier sessions.
  public static let previewValue = ActivityClient.inMemory()
}

extension DependencyValues {
  /// Where the activity of earlier sessions comes from. Tests fail when it is used without an override;
  /// previews have none. There is no live value here: the executable provides it, since it needs the database
  /// the executable opened.
  public var activityClient: ActivityClient {
    get { self[ActivityClient.self] }
    set { self[ActivityClient.self] = newValue }
  }
}

/// The error of the activity endpoint when a test did not stub it.
struct UnimplementedActivityEndpoint: Error, CustomStringConvertible {
  var description: String { "ActivityClient.load is not implemented here" }
}
