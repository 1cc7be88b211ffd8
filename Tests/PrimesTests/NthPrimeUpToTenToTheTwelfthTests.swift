import Foundation
import Primes
import Synchronization
import Testing

/// The nth prime from 10^10 to the limit of 10^12, where the engine counts up to 3 × 10^13 with the
/// Lagarias–Miller–Odlyzko method and its easy leaves: known values, a cross-check against Debian's
/// `primecount` where it is installed, cancellation and progress at the largest size.
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeUpToTenToTheTwelfthTests {
  @Test func theLimitIsTenToTheTwelfth() {
    #expect(nthPrimeLimit == 1_000_000_000_000)
  }

  /// OEIS A006988 (10^11), and the primes next to the old limit of 10^10 and to the new one (from
  /// `primecount`); each is one full computation (the largest takes a few seconds in a debug build).
  @Test(arguments: [
    (10_000_000_001, 252_097_800_629), (100_000_000_000, 2_760_727_302_517),
    (999_999_999_999, 29_996_224_275_821),
  ])
  func knownValuesAreExact(_ n: Int, _ prime: Int) async throws {
    #expect(try await offThePool { try nthPrime(n) } == prime)
  }

  /// The 10^12th prime, computed in full: the checks for cancellation come often all the way (at most 50 ms
  /// apart in an optimised build, where the whole takes about half a second; a debug build is many times
  /// slower, so there the bound is a second), and the progress rises from 0 to 100.
  @Test func theLimitIsComputedExactlyWithChecksAndProgressAllTheWay() async throws {
    let (prime, gaps, percents) = try await offThePool {
      let clock = ContinuousClock()
      var last = clock.now
      var gaps: [Duration] = []
      var percents: [Int] = []
      let prime = try nthPrime(
        nthPrimeLimit,
        isCancelled: {
          let now = clock.now
          gaps.append(now - last)
          last = now
          return false
        },
        progress: { percents.append($0) }
      )
      gaps.append(clock.now - last)
      return (prime, gaps, percents)
    }
    #expect(prime == 29_996_224_275_833)
    let longest = gaps.max() ?? .zero
    print("NthPrimeUpToTenToTheTwelfthTests: \(gaps.count) checks, the longest gap \(longest)")
    #expect(longest <= Self.longestGapAllowed, "\(gaps.count) checks")
    #expect(gaps.count >= 200)
    #expect(percents.first == 0)
    #expect(percents.last == 100)
    #expect(percents.count >= 20, "\(percents)")
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(percents)")
  }

  /// Cancelling from another thread a tenth of a second into the search for the 10^12th prime stops it
  /// promptly: the time from the cancel to the throw is measured.
  @Test func cancellingTheLargestSearchStopsItPromptly() async throws {
    let flag = CancellationFlag()
    let search = Task {
      try await offThePool {
        do {
          _ = try nthPrime(nthPrimeLimit, isCancelled: { flag.isSet })
          return Duration?.none
        } catch is CancellationError {
          return flag.sinceSet
        }
      }
    }
    // The search waits its turn behind the suite's other long computations; it has started once it asks.
    let deadline = ContinuousClock.now + .seconds(90)
    while !flag.wasAsked, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    try await Task.sleep(for: .milliseconds(100))
    flag.set()
    let latency = try await search.value
    print("NthPrimeUpToTenToTheTwelfthTests: stopped \(latency.map { "\($0)" } ?? "never") after being cancelled")
    #expect(latency != nil, "the search ended without being cancelled")
    #expect((latency ?? .zero) <= Self.longestGapAllowed)
  }

  #if DEBUG
    /// The longest wait for a check to come, in a debug build: it runs the engine several times slower than an
    /// optimised one, where the bound is 50 ms.
    static let longestGapAllowed = Duration.seconds(1)
  #else
    /// The longest wait for a check to come.
    static let longestGapAllowed = Duration.milliseconds(50)
  #endif

  @Test func beyondTheLimitIsRefused() {
    #expect(throws: NthPrimeError.beyondLimit(n: 1_000_000_000_001, limit: 1_000_000_000_000)) {
      try nthPrime(1_000_000_000_001)
    }
  }

  /// Seeded random n in every decade from 10^6 to 10^12, and the limit, against `primecount --nth-prime`
  /// (Debian's `primecount`); skipped, saying why, where it is not installed. Benchmarks/compare-nthprime.sh
  /// checks many more points.
  @Test func agreesWithPrimecount() async throws {
    guard let primecount = Primecount.find() else {
      print("NthPrimeUpToTenToTheTwelfthTests: skipped the cross-check: no primecount in PATH")
      return
    }
    var generator = SeededGenerator(seed: 12)
    var points: [Int] = []
    var decade = 1_000_000
    while decade < 1_000_000_000_000 {
      points.append(Int.random(in: decade...(decade * 10), using: &generator))
      decade *= 10
    }
    points.append(nthPrimeLimit - 1)
    for n in points {
      let expected = try await primecount.nthPrime(n)
      #expect(try await offThePool { try nthPrime(n) } == expected, "the \(ordinal(n)) prime")
    }
  }
}

/// A flag one thread sets and another reads, which remembers whether it was read and when it was set.
private final class CancellationFlag: Sendable {
  private struct State {
    var wasAsked = false
    var setAt: ContinuousClock.Instant?
  }

  private let state = Mutex(State())

  /// Whether the flag is set; the first read marks the search as started.
  var isSet: Bool {
    state.withLock { state in
      state.wasAsked = true
      return state.setAt != nil
    }
  }

  /// Whether the flag was ever read.
  var wasAsked: Bool { state.withLock { $0.wasAsked } }

  /// The time since ``set()``, or nil before.
  var sinceSet: Duration? {
    state.withLock { state in state.setAt.map { ContinuousClock.now - $0 } }
  }

  func set() { state.withLock { $0.setAt = ContinuousClock.now } }
}
