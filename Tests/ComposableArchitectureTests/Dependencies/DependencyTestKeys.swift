import ComposableArchitecture

// Small dependency keys for the dependency tests. Every key's default in the test context is quiet (reports
// nothing) unless the key exists to exercise a report, so that a test only sees the warnings it asked for.

/// A number whose interface has test and preview values only.
enum DepNumberKey: TestDependencyKey {
  static let testValue = 0
  static let previewValue = -1
}

/// A second number key with the same value type, to tell overrides apart by key rather than by type.
enum DepOtherNumberKey: TestDependencyKey {
  static let testValue = 100
}

/// A label with a test value only.
enum DepLabelKey: TestDependencyKey {
  static let testValue = "default"
}

/// A key with a distinct live, preview and test value.
enum DepContextualKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
  static let testValue = "test"
}

/// A key with a live value only: reading it in the test context must be reported.
enum DepLiveOnlyKey: DependencyKey {
  static let liveValue = "live-only"
}

/// An interface with no live value anywhere: reading it in the live context must be reported.
enum DepInterfaceOnlyKey: TestDependencyKey {
  static let testValue = "interface-test"
  static let previewValue = "interface-preview"
}

/// A key with a test value and no preview value.
enum DepTestOnlyKey: TestDependencyKey {
  static let testValue = "test-only"
}

/// A key with a live and a test value but no preview value.
enum DepLiveAndTestKey: DependencyKey {
  static let liveValue = "live-and-test:live"
  static let testValue = "live-and-test:test"
}

/// A two-field value with a live value only, for writes through a longer key path.
struct DepPair: Equatable, Sendable {
  var first: String
  var second: String
}

enum DepLivePairKey: DependencyKey {
  static let liveValue = DepPair(first: "live", second: "live")
}

/// An API client in the style of the "Dependency lifetimes" article.
struct DepAPIClient: Sendable {
  var fetchUser: @Sendable () async throws -> String

  struct Unimplemented: Error {}

  static let mock = DepAPIClient { "Blob (mock)" }
}

extension DepAPIClient: DependencyKey {
  static let liveValue = DepAPIClient { "Blob (live)" }
  static let testValue = DepAPIClient { throw Unimplemented() }
}

extension DependencyValues {
  var depNumber: Int {
    get { self[DepNumberKey.self] }
    set { self[DepNumberKey.self] = newValue }
  }

  var depOtherNumber: Int {
    get { self[DepOtherNumberKey.self] }
    set { self[DepOtherNumberKey.self] = newValue }
  }

  var depLabel: String {
    get { self[DepLabelKey.self] }
    set { self[DepLabelKey.self] = newValue }
  }

  var depContextual: String {
    get { self[DepContextualKey.self] }
    set { self[DepContextualKey.self] = newValue }
  }

  var depLivePair: DepPair {
    get { self[DepLivePairKey.self] }
    set { self[DepLivePairKey.self] = newValue }
  }

  var depLiveOnly: String {
    get { self[DepLiveOnlyKey.self] }
    set { self[DepLiveOnlyKey.self] = newValue }
  }

  var depInterfaceOnly: String {
    get { self[DepInterfaceOnlyKey.self] }
    set { self[DepInterfaceOnlyKey.self] = newValue }
  }

  var depTestOnly: String {
    get { self[DepTestOnlyKey.self] }
    set { self[DepTestOnlyKey.self] = newValue }
  }

  var depLiveAndTest: String {
    get { self[DepLiveAndTestKey.self] }
    set { self[DepLiveAndTestKey.self] = newValue }
  }

  var depAPIClient: DepAPIClient {
    get { self[DepAPIClient.self] }
    set { self[DepAPIClient.self] = newValue }
  }

  /// Reads `key` through the subscript for keys that may have no live value, as an accessor declared in a
  /// module that only sees the key's `TestDependencyKey` conformance would.
  func readThroughInterface<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value {
    self[key]
  }
}
