import ComposableArchitecture
import Synchronization
import Testing

/// The default values of each running test that has no dependencies trait: what makes a test default once per
/// test, as swift-dependencies does, even where no trait or test store gave the values a cache.
///
/// A Swift Testing test's cache is kept by the test's id for the rest of the run (Swift Testing tells no one
/// when a test ends; the values are small), so the cases of a parameterized test share it, as they would
/// upstream; a dependencies trait gives each case its own. An XCTest case's is made when the case starts and
/// dropped when it ends (see `XCTestCaseTracker`).
enum RunningTestDefaultValues {
  private static let swiftTesting = Mutex<[Test.ID: DefaultValueCache]>([:])

  /// The cache of the test running now, made on first use: the Swift Testing test's, else the XCTest
  /// case's, else `nil` (code running outside any test, such as a detached task).
  @Sendable
  static func current() -> DefaultValueCache? {
    if let test = Test.current {
      return swiftTesting.withLock { caches in
        if let cache = caches[test.id] {
          return cache
        }
        let cache = DefaultValueCache(scope: "test \(test.id)")
        caches[test.id] = cache
        return cache
      }
    }
    return XCTestCaseTracker.shared.currentDefaultValues
  }
}
