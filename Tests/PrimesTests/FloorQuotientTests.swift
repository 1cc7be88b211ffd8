import Testing

@testable import Primes

/// The floating-point division the leaves use in place of an integer one.
@Suite(.timeLimit(.minutes(2)))
struct FloorQuotientTests {
  /// Seeded random numerators below 2^53 over divisors of every size, and the cases where the quotient is
  /// an integer or one below it, where rounding would show.
  @Test func matchesIntegerDivisionBelowTwoToThe53() {
    var generator = SeededGenerator(seed: 53)
    var cases: [(Int, Int)] = []
    for _ in 0..<20_000 {
      let n = Int.random(in: 0..<(1 << 53), using: &generator)
      let d = Int.random(in: 1...(1 << Int.random(in: 1...40, using: &generator)), using: &generator)
      cases.append((n, d))
      let product = (n / d) * d
      cases += [(product, d), (max(product - 1, 0), d), ((1 << 53) - 1, d)]
    }
    cases += [(0, 1), (1, 1), ((1 << 53) - 1, 1), ((1 << 53) - 1, 3), (29_996_224_275_833, 77_377)]
    let wrong = cases.filter { floorQuotient($0.0, $0.1) != $0.0 / $0.1 }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }
}
