import Foundation
import Platform
import Primes
import Synchronization
import Testing

/// The nth prime from 10^10 to the limit of 10^12, where the engine counts up to 3 × 10^13 with the
/// Lagarias–Miller–Odlyzko method and its easy leaves: known values, a cross-check against Debian's
/// `primecount` where it is installed, cancellation and progress at the largest size. Five minutes each: the
/// computations take seconds and run one at a time (`offThePool`), so on a loaded machine one waits for the
/// others.
@Suite(.timeLimit(.minutes(5)))
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
  /// of the computing thread's CPU time apart in an optimised build, where the whole takes about half a second;
  /// a debug build is many times slower, so there the bound is a second), and the progress rises from 0 to 100.
  /// The gaps are CPU time, not time on the wall, so a busy machine that takes the core away between two
  /// checks does not count against the engine.
  @Test func theLimitIsComputedExactlyWithChecksAndProgressAllTheWay() async throws {
    let (prime, gaps, percents) = try await offThePool {
      var last = threadCPUTime()
      var gaps: [Duration] = []
      var percents: [Int] = []
      let prime = try nthPrime(
        nthPrimeLimit,
        isCancelled: {
          let now = threadCPUTime()
          gaps.append(now - last)
          last = now
          return false
        },
        progress: { percents.append($0) }
      )
      gaps.append(threadCPUTime() - last)
      return (prime, gaps, percents)
    }
    #expect(prime == 29_996_224_275_833)
    let longest = gaps.max() ?? .zero
    print("NthPrimeUpToTenToTheTwelfthTests: \(gaps.count) checks, the longest gap \(longest) of CPU time")
    #expect(longest <= Self.longestGapAllowed, "\(gaps.count) checks")
    #expect(gaps.count >= 200)
    #expect(percents.first == 0)
    #expect(percents.last == 100)
    #expect(percents.count >= 20, "\(percents)")
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(percents)")
  }

  /// Cancelling from another thread a tenth of a second into the search for the 10^12th prime stops it at the
  /// very next check, which the test above shows comes soon: the search asks once after the cancel, and
  /// throws.
  @Test func cancellingTheLargestSearchStopsItAtTheNextCheck() async throws {
    let flag = CancellationFlag()
    let search = Task {
      try await offThePool {
        do {
          _ = try nthPrime(nthPrimeLimit, isCancelled: { flag.isSet })
          return false
        } catch is CancellationError {
          return true
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
    #expect(try await search.value, "the search ended without being cancelled")
    #expect(flag.readsSinceSet == 1, "the search went on past the check that saw the cancel")
  }

  #if DEBUG
    /// The most CPU time between two checks, in a debug build: it runs the engine several times slower than an
    /// optimised one, where the bound is 50 ms.
    static let longestGapAllowed = Duration.seconds(1)
  #else
    /// The most CPU time between two checks.
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

/// A flag one thread sets and another reads, which remembers whether it was read, and how often since it was
/// set.
private final class CancellationFlag: Sendable {
  private struct State {
    var wasAsked = false
    var isSet = false
    var readsSinceSet = 0
  }

  private let state = Mutex(State())

  /// Whether the flag is set; the first read marks the search as started.
  var isSet: Bool {
    state.withLock { state in
      state.wasAsked = true
      if state.isSet {
        state.readsSinceSet += 1
      }
      return state.isSet
    }
  }

  /// Whether the flag was ever read.
  var wasAsked: Bool { state.withLock { $0.wasAsked } }

  /// How many reads found the flag set.
  var readsSinceSet: Int { state.withLock { $0.readsSinceSet } }

  func set() { state.withLock { $0.isSet = true } }
}

/// The CPU time the calling thread has used: what a computation itself took, whatever else the machine ran.
private func threadCPUTime() -> Duration {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}
