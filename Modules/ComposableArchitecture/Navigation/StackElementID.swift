/// The identity of one element of a ``StackState``, given when the element is pushed and never given again by
/// the same store.
///
/// Ids count up from `#0`, one per element pushed, from the ``DependencyValues/stackElementID`` generator:
/// each test store has its own, so a test knows which id the next push gets, and writes it as an integer
/// literal:
///
/// ```swift
/// await store.send(.path(.push(id: 0, state: .counter(Counter.State())))) {
///   $0.path[id: 0] = .counter(Counter.State())
/// }
/// await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
///   $0.path[id: 0] = .counter(Counter.State(count: 1))
/// }
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// How many ids the generator gave before this one.
  @usableFromInline let generation: Int

  @inlinable
  init(generation: Int) {
    self.generation = generation
  }

  /// The id the generator gives `value`-th, counting from 0: `.element(id: 2, action: ...)`.
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  /// Whether `lhs` was given before `rhs`.
  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }

  /// `#` and the count: `#0`, `#1`.
  public var description: String { "#\(generation)" }
}

extension StackElementID: Codable {
  /// Decodes the id from the number it counts: `0` for `#0`.
  public init(from decoder: any Decoder) throws {
    self.init(generation: try decoder.singleValueContainer().decode(Int.self))
  }

  /// Encodes the id as the number it counts: `0` for `#0`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(generation)
  }
}

extension StackElementID: CustomReflectable {
  /// Reflects as a plain value, so dumps and test diffs show `#0` rather than its field.
  public var customMirror: Mirror {
    Mirror(self, children: [:])
  }
}
