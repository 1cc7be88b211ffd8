public import ComposableArchitecture
import Dispatch
import Primes
import Synchronization

/// The counter's dependencies: how to find the nth prime.
public struct CounterEnvironment: Sendable {
  /// An effect that finds the nth prime: it may send ``NthPrimeUpdate/progress(_:)`` reports, then sends
  /// one ``NthPrimeUpdate/answer(_:)``, `nil` when the prime cannot be found. It is cancelled when the
  /// question is withdrawn, and must stop soon after.
  public var nthPrime: @Sendable (Int) -> Effect<NthPrimeUpdate>
  /// The largest n that `nthPrime` answers, or nil when it has no limit. Asking beyond it is answered with
  /// ``CounterProblem/nthPrimeBeyondLimit(n:limit:)`` at once, without asking `nthPrime`.
  public var limit: Int?

  /// Creates an environment from its endpoint and the largest n it answers (none by default).
  public init(limit: Int? = nil, nthPrime: @escaping @Sendable (Int) -> Effect<NthPrimeUpdate>) {
    self.limit = limit
    self.nthPrime = nthPrime
  }
}

extension CounterEnvironment {
  /// Computes the nth prime on this machine, on a thread of its own, reporting progress as it goes;
  /// cancelling the effect stops the computation within milliseconds.
  public static let live = CounterEnvironment.computing(after: .zero)

  /// Computes the nth prime on this machine after waiting `delay`, as a slow service would answer: for
  /// demos, where the wait shows the request in flight. Otherwise the same as ``live``.
  public static func computing(after delay: Duration) -> Self {
    CounterEnvironment(limit: nthPrimeLimit) { n in
      .run { send in
        if delay > .zero {
          try await Task.sleep(for: delay)
        }
        for await update in computedUpdates(n) {
          await send(update)
        }
      }
    }
  }

  /// For tests: reports a test failure when asked for a prime a test did not stub, and sends nothing.
  public static let failing = CounterEnvironment { n in
    reportIssue("CounterEnvironment.nthPrime was asked for the \(ordinal(n)) prime, but the test did not stub it.")
    return .none
  }
}

/// Progress reports then the answer of ``Primes/nthPrime(_:isCancelled:progress:)`` for `n`, computed on a
/// Dispatch queue of its own so that the cooperative pool stays free. When the consumer stops listening (its
/// task is cancelled), the computation is told to stop and the stream ends without an answer.
private func computedUpdates(_ n: Int) -> AsyncStream<NthPrimeUpdate> {
  let (updates, continuation) = AsyncStream.makeStream(of: NthPrimeUpdate.self)
  let stop = StopFlag()
  continuation.onTermination = { _ in stop.raise() }
  // A queue of its own: on Linux the global queues run Swift's tasks too, and a computation there would
  // hold one of their few threads (one per core) for as long as it runs.
  DispatchQueue(label: "Counter.nthPrime", qos: .userInitiated).async {
    do {
      let prime = try Primes.nthPrime(
        n,
        isCancelled: { stop.isRaised },
        progress: { continuation.yield(.progress($0)) }
      )
      continuation.yield(.answer(prime))
    } catch is CancellationError {
    } catch {
      continuation.yield(.answer(nil))
    }
    continuation.finish()
  }
  return updates
}

/// A flag one thread raises and another polls.
private final class StopFlag: Sendable {
  private let raised = Atomic(false)

  var isRaised: Bool { raised.load(ordering: .relaxed) }

  func raise() { raised.store(true, ordering: .relaxed) }
}
