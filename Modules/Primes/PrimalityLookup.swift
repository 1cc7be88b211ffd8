/// Whether each value of a whole list is prime, answered exactly as ``isPrime(_:)`` answers, but for a long
/// list of small values at a fraction of its cost: one sieve up to the largest value, then a lookup each.
///
/// The sieve covers only as far as pays: up to the largest value of the list that is at most 32 times the
/// length of the list (so the sieve costs about as much as a few tests per value) and at most ``sieveCap``.
/// Values beyond it (a few large ones another program added, say) are each tested with ``isPrime(_:)``.
/// Memory is at most `sieveCap / 16` bytes (8 MiB), whatever the list holds.
///
/// ```swift
/// let lookup = PrimalityLookup(for: loaded)
/// let primes = loaded.filter { lookup.isPrime($0) }
/// ```
public struct PrimalityLookup {
  /// The largest value a lookup ever sieves up to: 2^27.
  public static let sieveCap = 1 << 27

  /// How many numbers the sieve may cover per value of the list.
  static let numbersPerValue = 32

  /// The largest value the sieve answers for, or nil when there is no sieve (each value is tested).
  public let sieveLimit: Int?

  /// Bit `j` is set when the odd number `2j + 1` is prime, for `2j + 1 <= sieveLimit`.
  private let oddPrimes: [UInt64]

  /// Prepares to answer for `values`; sieves once if that pays (see the type's summary). Any `Int` may be
  /// asked about later, in the list or not.
  ///
  /// An array, not any collection: a generic one would go unspecialised across modules, at a cost per value.
  public init(for values: [Int]) {
    let (bound, overflow) = values.count.multipliedReportingOverflow(by: Self.numbersPerValue)
    let reach = overflow ? Self.sieveCap : min(bound, Self.sieveCap)
    var largest = Int.min
    for value in values where value <= reach && value > largest {
      largest = value
    }
    guard largest >= 2 else {
      sieveLimit = nil
      oddPrimes = []
      return
    }
    sieveLimit = largest
    oddPrimes = sievedOddPrimes(upTo: largest)
  }

  /// Whether `n` is prime: exact for every `Int`, as ``isPrime(_:)``.
  public func isPrime(_ n: Int) -> Bool {
    guard let limit = sieveLimit, n >= 0, n <= limit else { return Primes.isPrime(n) }
    if n & 1 == 0 { return n == 2 }
    let bit = n >> 1
    return oddPrimes[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }
}

/// The odd primes up to `limit` (`2 <= limit`) as bits: bit `j` stands for `2j + 1`.
private func sievedOddPrimes(upTo limit: Int) -> [UInt64] {
  let bitCount = limit / 2 + 1  // 1, 3, ..., the largest odd number <= limit
  var words = [UInt64](repeating: ~0, count: (bitCount + 63) / 64)
  words.withUnsafeMutableBufferPointer { words in
    words[0] &= ~1  // 1 is not prime
    words.clearBits(from: bitCount)
    var p = 3
    while p * p <= limit {
      let pBit = p >> 1
      if words[pBit >> 6] & (1 << UInt64(pBit & 63)) != 0 {
        var bit = (p * p) >> 1
        while bit < bitCount {
          words[bit >> 6] &= ~(1 << UInt64(bit & 63))
          bit += p
        }
      }
      p += 2
    }
  }
  return words
}

/// The primes met so far in a list, to tell each one's first occurrence from its repeats without hashing
/// the primes a ``PrimalityLookup`` sieved: those up to its limit are one bit each.
///
/// Other values (larger, negative, even ones other than 2: whatever a caller inserts) are kept in a `Set`.
public struct SeenPrimes {
  private let limit: Int
  /// Bit `j` is set once the odd number `2j + 1` (at most `limit`) was inserted.
  private var odd: [UInt64]
  private var others: Set<Int> = []

  /// An empty set whose bitset covers the odd numbers up to `limit` (a lookup's ``PrimalityLookup/sieveLimit``);
  /// nil for none.
  public init(upTo limit: Int?) {
    let limit = min(max(limit ?? 0, 0), PrimalityLookup.sieveCap)
    self.limit = limit
    odd = [UInt64](repeating: 0, count: (limit / 2 + 64) / 64)
  }

  /// Adds `value`; true when it was not there yet.
  public mutating func insert(_ value: Int) -> Bool {
    guard value >= 0, value <= limit, value & 1 == 1 else { return others.insert(value).inserted }
    let bit = value >> 1
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let wasThere = odd[bit >> 6] & mask != 0
    odd[bit >> 6] |= mask
    return !wasThere
  }
}
