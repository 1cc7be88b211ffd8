import Synchronization

/// Gives the ids of stack elements, counting up: the `\.stackElementID` dependency.
///
/// A ``StackState`` takes the generator in effect when it is made and draws every id of its elements from
/// it. The live value is one counter for the whole process; the test value is a new counter, starting at
/// `#0`, for each test store (for each test, under a dependencies trait), so a test can name the ids its pushes
/// get. Copies of a generator share its counter.
public struct StackElementIDGenerator: Sendable {
  /// The next generation to give.
  private let counter: Counter

  /// The count, shared by the copies of a generator; atomic, as every element a store pushes reads it.
  private final class Counter: Sendable {
    let next = Atomic(0)
  }

  private init(counter: Counter) {
    self.counter = counter
  }

  /// A new generator whose first id is `#0`.
  public static var incrementing: Self {
    Self(counter: Counter())
  }

  /// Gives the next id, and counts past it.
  public func next() -> StackElementID {
    var next = counter.next.load(ordering: .relaxed)
    while true {
      let (exchanged, original) = counter.next.compareExchange(
        expected: next,
        desired: Self.successor(of: next),
        ordering: .relaxed
      )
      if exchanged {
        return StackElementID(generation: next)
      }
      next = original
    }
  }

  /// The id ``next()`` would give now, without giving it.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.next.load(ordering: .relaxed))
  }

  /// Counts past `id`, if it has not yet: an id a push or a test named is never given again.
  @usableFromInline
  func skip(past id: StackElementID) {
    let past = Self.successor(of: id.generation)
    var next = counter.next.load(ordering: .relaxed)
    while next < past {
      let (exchanged, original) = counter.next.compareExchange(expected: next, desired: past, ordering: .relaxed)
      if exchanged { return }
      next = original
    }
  }

  /// `generation + 1`, or `Int.max` when there is none: a push named with the largest id stops the count
  /// there instead of trapping.
  private static func successor(of generation: Int) -> Int {
    generation < .max ? generation + 1 : .max
  }
}

extension StackElementIDGenerator: DependencyKey {
  /// One counter for the process, so that no two elements of an application share an id.
  public static let liveValue = StackElementIDGenerator.incrementing

  /// A counter from `#0`; a test store starts a new one for itself unless its test set one.
  public static var testValue: StackElementIDGenerator { .incrementing }
}

extension DependencyValues {
  /// Gives the ids of stack elements: `#0`, `#1`, … in each test store, one process-wide count live.
  ///
  /// ``StackState`` reads it when it is made; override it only to start a test's count elsewhere.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
