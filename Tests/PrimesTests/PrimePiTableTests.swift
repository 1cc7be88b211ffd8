import Testing

@testable import Primes

/// The constant-time π table the easy leaves are read from.
@Suite(.timeLimit(.minutes(2)))
struct PrimePiTableTests {
  @Test func everyCountUpToTheBoundMatchesASieve() {
    let bound = 200_003
    let reference = PrimeTable(below: bound + 1)
    let table = PrimePiTable(upTo: bound, primes: primes(upTo: bound + 1000))
    let mismatches = (0...bound).filter { table.pi($0) != reference.count(upTo: $0) }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test(arguments: [0, 1, 2, 3, 127, 128, 129])
  func smallBoundsCountUpToTheBound(_ bound: Int) {
    let reference = PrimeTable(below: bound + 3)  // PrimeTable needs a bound of 2 or more
    let table = PrimePiTable(upTo: bound, primes: primes(upTo: bound))
    #expect((0...bound).map(table.pi) == (0...bound).map(reference.count))
  }

  @Test(arguments: [Int.min, -1])
  func negativeNumbersHaveNoPrimesBelowThem(_ n: Int) {
    #expect(PrimePiTable(upTo: 100, primes: primes(upTo: 100)).pi(n) == 0)
  }
}
