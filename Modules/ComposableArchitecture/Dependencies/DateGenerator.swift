public import FoundationEssentials

/// Gives the current date; the `\.date` dependency. Call it like a function: `date()` or `date.now`.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// Creates a generator that calls `generate` for every date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date, as this generator tells it.
  public var now: Date { generate() }

  /// The current date, as this generator tells it.
  public func callAsFunction() -> Date { generate() }

  /// A generator that always gives `date`: pins timestamps in tests and demos.
  public static func constant(_ date: Date) -> Self {
    Self { date }
  }
}

extension DateGenerator: DependencyKey {
  /// The system clock's date.
  public static let liveValue = DateGenerator { Date() }

  /// Reports that the test used the date without pinning it, then gives the Unix epoch.
  public static let testValue = DateGenerator {
    RuntimeWarning.report(
      "A test read @Dependency(\\.date) without overriding it; pin it, e.g. $0.date = .constant(...)."
    )
    return Date(timeIntervalSince1970: 0)
  }
}

extension DependencyValues {
  /// The current date: `date.now`, or `date()`.
  ///
  /// Live, the system's date. A test that reads it without overriding it is reported (a failure of that test)
  /// and gets the Unix epoch; pin it with `$0.date = .constant(Date(timeIntervalSince1970: 0))`.
  public var date: DateGenerator {
    get { self[DateGenerator.self] }
    set { self[DateGenerator.self] = newValue }
  }
}
