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
    computing(after: delay) { n, isCancelled, progress in
      try Primes.nthPrime(n, isCancelled: isCancelled, progress: progress)
    }
  }

  /// ``computing(after:)`` with `compute` in place of the engine, so tests can watch it stop.
  static func computing(after delay: Duration, using compute: @escaping Computation) -> Self {
    CounterEnvironment(limit: nthPrimeLimit) { n in
      .run { send in
        if delay > .zero {
          try await Task.sleep(for: delay)
        }
        for await update in computedUpdates(n, compute) {
          await send(update)
        }
      }
    }
  }

  /// Finds the nth prime, asking `isCancelled` often and throwing `CancellationError` once it says so, and
  /// telling `progress` how far it is in percent.
  typealias Computation = @Sendable (_ n: Int, _ isCancelled: () -> Bool, _ progress: (Int) -> Void) throws -> Int

  /// For tests: reports a test failure when asked for a prime a test did not stub, and sends nothing.
  public static let failing = CounterEnvironment { n in
    reportIssue("CounterEnvironment.nthPrime was asked for the \(ordinal(n)) prime, but the test did not stub it.")
    return .none
  }
}

/// Progress reports then the answer of `compute` for `n`, computed on a Dispatch queue of its own so that the
/// cooperative pool stays free. When the consumer stops listening (its task is cancelled), the computation is
/// told to stop and the stream ends without an answer.
private func computedUpdates(_ n: Int, _ compute: @escaping CounterEnvironment.Computation) -> AsyncStream<NthPrimeUpdate> {
  let (updates, continuation) = AsyncStream.makeStream(of: NthPrimeUpdate.self)
  let stop = StopFlag()
  continuation.onTermination = { _ in stop.raise() }
  // A queue of its own: on Linux the global queues run Swift's tasks too, and a computation there would
  // hold one of their few threads (one per core) for as long as it runs.
  DispatchQueue(label: "Counter.nthPrime", qos: .userInitiated).async {
    do {
      let prime = try compute(n, { stop.isRaised }, { continuation.yield(.progress($0)) })
      continuation.yield(.answer(prime))
    } catch is CancellationError {
    } catch {
      continuation.yield(.answer(nil))
    }
    continuation.finish()
  }
  return updates
}

/// Whether the consumer stopped listening: raised on the consumer's side, polled by the computation.
private final class StopFlag: Sendable {
  private let raised = Atomic(false)

  var isRaised: Bool { raised.load(ordering: .relaxed) }

  func raise() { raised.store(true, ordering: .relaxed) }
}
