/// The first `count` primes, in order, from a sieve: the favourites of a test that needs many (an import, a
/// long list, a large backup).
public func firstPrimes(_ count: Int) -> [Int] {
  var composite = [Bool](repeating: false, count: 20 * count + 100)
  var primes: [Int] = []
  for n in 2..<composite.count where !composite[n] {
    primes.append(n)
    if primes.count == count { break }
    for multiple in stride(from: n * n, to: composite.count, by: n) { composite[multiple] = true }
  }
  return primes
}
