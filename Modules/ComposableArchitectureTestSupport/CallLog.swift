import Synchronization

/// What a stubbed endpoint was asked, in order, recorded from whichever task calls it.
///
/// ```swift
/// let asked = CallLog<Int>()
/// let store = TestStore(initialState: NextPrime.State(number: 7)) {
///   NextPrime()
/// } withDependencies: {
///   $0.primeSearch.nextPrime = { number in
///     asked.append(number)
///     return 11
///   }
/// }
/// ```
public final class CallLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  /// Creates an empty log.
  public init() {}

  /// Records one call.
  public func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  /// Every call recorded so far, oldest first.
  public var values: [Value] {
    storage.withLock { $0 }
  }
}
