public import ComposableArchitecture
public import Testing

/// A Swift Testing trait that runs a test, or every test of a suite, with its dependencies overridden.
///
/// Make one with ``/ComposableArchitectureTestSupport/Testing/Trait/dependency(_:_:)``,
/// ``/ComposableArchitectureTestSupport/Testing/Trait/dependency(_:)`` or
/// ``/ComposableArchitectureTestSupport/Testing/Trait/dependencies(_:)``:
///
/// ```swift
/// @Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
/// struct ItemTests {
///   @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
///   func stampsNewItems() {
///     @Dependency(\.uuid) var uuid
///     @Dependency(\.date) var date
///     #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
///     #expect(date.now == Date(timeIntervalSince1970: 0))
///   }
/// }
/// ```
///
/// On a suite the trait is recursive: it scopes every test of the suite and of its nested suites, each
/// separately, so its closure runs once per test (per argument of a parameterized test) and a value it makes,
/// such as `.incrementing`, is new in every test. Traits apply outermost first: a suite's, then the test's in
/// the order written, so a test's trait wins over its suite's. A ``TestStore`` made in the test starts from
/// these values, and tasks the test starts inherit them.
///
/// The trait also makes each key's default value (its `testValue`, or `previewValue` in the preview context)
/// once per test: every read in the test, in a ``TestStore`` it makes, and in their effects meets the same
/// instance, and the next test gets a new one. So a stateful test double made in `static var testValue` keeps
/// its state for the whole test. Without a trait, defaults are made once per test too, but the cases of a
/// parameterized test share them; the trait gives each case its own.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  private let updateValues: @Sendable (inout DependencyValues) throws -> Void

  init(_ updateValues: @escaping @Sendable (inout DependencyValues) throws -> Void) {
    self.updateValues = updateValues
  }

  /// Always `true`: a suite's trait scopes every test in it, nested suites included.
  public var isRecursive: Bool { true }

  /// The trait itself for each test case, and `nil` for a suite or a test function as a whole, so that the
  /// scope, and the default values made in it, are those of one test case.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs `function` with the current dependencies changed by this trait's update, and with default values
  /// made once for `test`: the cache an outer trait made for the same test is kept, any other replaced.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let scope = "test \(test.id)"
    try await withDependencies {
      if $0.defaultValueScope != scope {
        $0.cacheDefaultValues(for: scope)
      }
      try updateValues(&$0)
    } operation: {
      try await function()
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Overrides the dependency at `keyPath` with `value` for the test, or for every test of the suite.
  ///
  /// `@Test(.dependency(\.date, .constant(now)))`; `.dependency(\.context, .preview)` picks the preview
  /// defaults. See ``DependenciesTrait``.
  public static func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    DependenciesTrait { $0[keyPath: keyPath] = value }
  }

  /// Overrides the dependency whose key is `value`'s own type (a client that is its own
  /// `TestDependencyKey`) for the test, or for every test of the suite.
  ///
  /// For a client declared as `extension APIClient: DependencyKey`, `@Test(.dependency(APIClient.mock))`
  /// stands for `@Test(.dependency(\.apiClient, .mock))`. See ``DependenciesTrait``.
  public static func dependency<Value: TestDependencyKey>(_ value: Value) -> Self
  where Value.Value == Value, Value: Sendable {
    DependenciesTrait { $0[Value.self] = value }
  }

  /// Changes no dependency, but gives the test, or each test of the suite (each case of a parameterized test),
  /// default values of its own: `@Suite(.dependencies)`. See ``DependenciesTrait``.
  public static var dependencies: Self {
    DependenciesTrait { _ in }
  }

  /// Changes the dependencies with `updateValues` for the test, or for every test of the suite.
  ///
  /// `@Suite(.dependencies { $0.uuid = .incrementing })`. The closure runs once per test, before the test;
  /// an error it throws is recorded as an issue of the test, which then does not run. See ``DependenciesTrait``.
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) throws -> Void
  ) -> Self {
    DependenciesTrait(updateValues)
  }
}
