public import ComposableArchitecture

/// Where the activity history is read, a page at a time: the interface, its doubles, and its dependency key
/// and accessor (``ComposableArchitecture/DependencyValues/activityClient``).
///
/// Recording needs no endpoint of its own: the favourites client's `save` records what changed in the same
/// transaction as the change, and returns the entries stored since its last call (``FavoritePrimesSync``); this
/// client reads the history before that, latest first, so a start need not read all of it. The SQLite implementation lives in `FavoritePrimesLive`, which only executables
/// import; they provide it with `.dependency(\.activityClient, ...)`.
public struct ActivityClient: Sendable {
  /// The latest `limit` entries (all of them when nil) with ids below `before` (of the whole history when
  /// nil), oldest first, and whether older ones exist. Only the entries returned are read.
  public var page: @Sendable (_ before: Int64?, _ limit: Int?) async throws -> ActivityPage

  /// Creates a client from its endpoint.
  public init(page: @escaping @Sendable (_ before: Int64?, _ limit: Int?) async throws -> ActivityPage) {
    self.page = page
  }
}

extension ActivityClient {
  /// For tests: reports a test failure when used, then throws. Stub it in tests that load.
  public static let failing = ActivityClient { _, _ in
    reportIssue("ActivityClient.page was called, but the test did not stub it.")
    throw UnimplementedActivityEndpoint()
  }

  /// For tests and demos: pages of the given history (oldest first, ids increasing), `[]` by default.
  public static func inMemory(_ activity: [Activity] = []) -> Self {
    inMemory(FavoritePrimesMemory(activity: activity))
  }

  /// For the sandbox: pages of the history in `memory`, which the in-memory favourites client sharing it
  /// records into (`FavoritePrimesClient.inMemory(_:files:)` (the one taking a memory)).
  public static func inMemory(_ memory: FavoritePrimesMemory) -> Self {
    ActivityClient { before, limit in memory.page(before: before, limit: limit) }
  }
}

extension ActivityClient: TestDependencyKey {
  /// ``failing``: a test stubs what it loads.
  public static let testValue = ActivityClient.failing
  /// An empty in-memory history: demos and sandboxes have no earlier sessions.
  public static let previewValue = ActivityClient.inMemory()
}

extension DependencyValues {
  /// Where the activity history is read. Tests fail when it is used without an override;
  /// previews have none. There is no live value here: the executable provides it, since it needs the database
  /// the executable opened.
  public var activityClient: ActivityClient {
    get { self[ActivityClient.self] }
    set { self[ActivityClient.self] = newValue }
  }
}

/// The error of the activity endpoint when a test did not stub it.
struct UnimplementedActivityEndpoint: Error, CustomStringConvertible {
  var description: String { "ActivityClient.page is not implemented here" }
}
