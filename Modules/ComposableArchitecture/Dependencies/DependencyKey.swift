/// A dependency's test and preview values: what a module that declares a dependency's interface provides.
///
/// Conform the interface type itself (its `Value` is then `Self`), and add an accessor to
/// ``DependencyValues``:
///
/// ```swift
/// extension NotesClient: TestDependencyKey {
///   static let testValue = NotesClient(
///     load: {
///       reportIssue("NotesClient.load was called, but this test did not stub it")
///       return []
///     },
///     save: { _ in
///       reportIssue("NotesClient.save was called, but this test did not stub it")
///     }
///   )
///
///   static var previewValue: NotesClient { .inMemory() }
/// }
///
/// extension DependencyValues {
///   var notes: NotesClient {
///     get { self[NotesClient.self] }
///     set { self[NotesClient.self] = newValue }
///   }
/// }
/// ```
///
/// The live value comes from the module with the real implementation, which conforms to ``DependencyKey``.
public protocol TestDependencyKey {
  /// The type of the dependency's value; it crosses tasks, so it must be `Sendable`.
  associatedtype Value: Sendable = Self

  /// The value used when the context is ``DependencyContext/test``. It should fail the test when an
  /// endpoint nobody stubbed is used, rather than do real work.
  static var testValue: Value { get }

  /// The value used when the context is ``DependencyContext/preview``: demos and sandboxes. Defaults to
  /// ``testValue``, or to ``DependencyKey/liveValue`` for a ``DependencyKey``.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// Defaults to ``testValue``.
  public static var previewValue: Value { testValue }
}

/// A dependency with a live value: the real implementation, used when the context is
/// ``DependencyContext/live``.
///
/// A key with only a live value gets a default ``TestDependencyKey/testValue`` that reports the read as a
/// test failure naming the key, so that a test never silently runs live code; it then returns the preview
/// value so the test can go on. A read made to override part of the value (`$0.client.fetch = { ... }` in
/// `withDependencies`, a test store's `withDependencies`, `.transformDependency` or a trait) is not reported,
/// as in swift-dependencies: only code that uses the default unchanged is. When the value conforms to
/// ``EndpointReporting``, the report waits until an endpoint is called instead, so that the endpoints a test
/// left live are reported too.
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency's value; inferred from ``liveValue``.
  associatedtype Value = Self

  /// The real implementation.
  static var liveValue: Value { get }

  /// The value used in tests; see ``TestDependencyKey/testValue``.
  static var testValue: Value { get }

  /// The value used in previews; see ``TestDependencyKey/previewValue``.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// Defaults to ``liveValue``.
  public static var previewValue: Value { liveValue }

  /// Reports that the key has no test value, then returns ``TestDependencyKey/previewValue``; read by an update
  /// that overrides part of the value (see ``DependencyKey``), it reports nothing.
  public static var testValue: Value {
    if QuietRead.quiet() {
      return previewValue
    }
    RuntimeWarning.report(
      "\(Self.self) has no test value, so a test used its preview value (by default its live value). "
        + "Override it in the test with withDependencies or .dependency, or give the key a testValue."
    )
    return previewValue
  }
}
