import ComposableArchitecture
import Synchronization

// The dependency keys and probes of the DependencySemantics tests, which pin behaviours of swift-dependencies
// 1.17 and TCA 1.x. Every key's test default is quiet, except `SemLiveClient`'s, which exists to be reported.

/// A number with a quiet test value.
enum SemNumberKey: TestDependencyKey {
  static let testValue = 0
}

/// A label with a quiet test value.
enum SemLabelKey: TestDependencyKey {
  static let testValue = "default"
}

/// An interface with no live value anywhere, read in the live context by one test only: the process keeps
/// what that test makes.
enum SemInterfaceOnlyKey: TestDependencyKey {
  static let testValue = "interface test"
  static let previewValue = "interface preview"
}

/// A stateful default: each value made is a new sequence starting at 0, so what a read returns tells whether
/// the default was made again, as `UUIDGenerator.incrementing` would.
final class SemSequence: Sendable {
  private let count = Mutex(0)

  /// The next number: 0, then 1, and so on.
  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}

enum SemSequenceKey: TestDependencyKey {
  static var testValue: SemSequence { SemSequence() }
}

/// A two-field value with a quiet test value, for writes into part of a value.
struct SemPair: Equatable, Sendable, TestDependencyKey {
  var first: String
  var second: String

  static let testValue = SemPair(first: "test", second: "test")
}

/// A client with two endpoints and a live value only, like most clients before their first test.
struct SemLiveClient: Sendable {
  var fetch: @Sendable () -> Int
  var save: @Sendable (Int) -> Void
}

extension SemLiveClient: DependencyKey {
  static let liveValue = SemLiveClient(fetch: { -1 }, save: { _ in })
}

extension DependencyValues {
  var semNumber: Int {
    get { self[SemNumberKey.self] }
    set { self[SemNumberKey.self] = newValue }
  }

  var semLabel: String {
    get { self[SemLabelKey.self] }
    set { self[SemLabelKey.self] = newValue }
  }

  var semSequence: SemSequence {
    get { self[SemSequenceKey.self] }
    set { self[SemSequenceKey.self] = newValue }
  }

  var semInterfaceOnly: String {
    get { self[SemInterfaceOnlyKey.self] }
    set { self[SemInterfaceOnlyKey.self] = newValue }
  }

  var semPair: SemPair {
    get { self[SemPair.self] }
    set { self[SemPair.self] = newValue }
  }

  var semLiveClient: SemLiveClient {
    get { self[SemLiveClient.self] }
    set { self[SemLiveClient.self] = newValue }
  }
}

/// A model whose dependencies are read through `@Dependency`, for `withDependencies(from:)`.
final class SemModel {
  @Dependency(\.semNumber) var number
  @Dependency(\.semLabel) var label
}

/// Collects the runtime warnings raised in a scope, for tests that check what is reported.
final class SemWarnings: Sendable {
  private let storage = Mutex<[String]>([])

  /// The messages, in the order they were raised.
  var messages: [String] { storage.withLock { $0 } }

  /// Runs `body` with the warnings it raises collected here instead of reported.
  func collect<Result>(_ body: () throws -> Result) rethrows -> Result {
    try RuntimeWarning.withHandler({ message, _ in self.storage.withLock { $0.append(message) } }, operation: body)
  }
}
