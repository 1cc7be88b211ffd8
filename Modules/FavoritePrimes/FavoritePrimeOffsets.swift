/// Offsets into the list of favourite primes (0 is the first), each once, in ascending order: what a
/// swipe-to-delete reports, and what ``FavoritePrimesAction/deleteFavoritePrimes(_:)`` takes.
///
/// Foundation's `IndexSet` in the original; this module's own so that PrimeTime needs no more of Foundation
/// than `FoundationEssentials`. Runs of offsets are kept as ranges, so a huge run costs no more than one.
///
/// The ranges are stored as an array, not as the standard library's `RangeSet`: `RangeSet`'s layout is not
/// known outside the standard library, and holding one made every action that can carry offsets, up to
/// PrimeTime's `AppAction`, an enum whose every copy and `switch` asked the runtime for its layout.
public struct FavoritePrimeOffsets: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomReflectable {
  /// The offsets, as ascending ranges that neither overlap nor touch.
  private var normalizedRanges: [Range<Int>]

  /// The offsets in `offsets`, each once whatever the order and repeats.
  public init(_ offsets: some Sequence<Int>) {
    self.init(RangeSet(offsets.map { $0..<$0 + 1 }))
  }

  /// The offsets of `range`.
  public init(integersIn range: Range<Int>) {
    self.init(RangeSet(range))
  }

  /// The offsets of all of `ranges`, which may overlap or touch: how a recording's offsets are read back.
  init(ranges: [Range<Int>]) {
    self.init(RangeSet(ranges))
  }

  private init(_ set: RangeSet<Int>) {
    normalizedRanges = Array(set.ranges)
  }

  /// The offsets, as ascending ranges that neither overlap nor touch.
  public var ranges: RangeSet<Int> { RangeSet(normalizedRanges) }

  /// The offsets listed, each once whatever the order and repeats.
  public init(arrayLiteral offsets: Int...) {
    self.init(offsets)
  }

  /// Whether there are no offsets.
  public var isEmpty: Bool { normalizedRanges.isEmpty }

  /// The smallest offset that is `offset` or more, if any; found without visiting each offset.
  public func first(atLeast offset: Int) -> Int? {
    normalizedRanges.first { $0.upperBound > offset }.map { Swift.max($0.lowerBound, offset) }
  }

  /// The offsets, in ascending order.
  public func makeIterator() -> FlattenSequence<[Range<Int>]>.Iterator {
    normalizedRanges.joined().makeIterator()
  }

  /// Its ranges, as a trace shows them: `FavoritePrimeOffsets(ranges: [3..<4])`.
  public var customMirror: Mirror {
    Mirror(self, children: ["ranges": normalizedRanges], displayStyle: .struct)
  }
}
