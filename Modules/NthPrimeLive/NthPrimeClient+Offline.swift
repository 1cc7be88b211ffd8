public import Counter
import ComposableArchitecture
import Dispatch
import Primes
import Synchronization

extension NthPrimeClient {
  /// Computes the nth prime on this machine, on a thread of its own, reporting progress as it goes, for every
  /// n up to 10^12 (its ``NthPrimeClient/limit``, `nthPrimeLimit`); cancelling the effect stops the
  /// computation within milliseconds.
  public static let offline = NthPrimeClient.computing(after: .zero)

  /// The offline engine: the computation behind ``offline`` and ``computing(after:)``.
  static let engine: Computation = { n, isCancelled, progress in
    try Primes.nthPrime(n, isCancelled: isCancelled, progress: progress)
  }

  /// Computes the nth prime on this machine after waiting `delay`, as a slow service would answer: for
  /// demos, where the wait shows the request in flight. Otherwise the same as ``offline``.
  public static func computing(after delay: Duration) -> Self {
    computing(after: delay, using: engine)
  }

  /// ``computing(after:)`` with `compute` in place of the engine, so tests can watch it stop.
  static func computing(after delay: Duration, using compute: @escaping Computation) -> Self {
    NthPrimeClient(limit: nthPrimeLimit) { n in
      .run { send in
        try await sendComputedUpdates(n, after: delay, using: compute, to: send) { .answer($0) }
      }
    }
  }

  /// Waits `delay`, then computes the nth prime with `compute` and sends its progress reports, then its
  /// answer as `answer` makes it. Returns without an answer when the calling task is cancelled.
  static func sendComputedUpdates(
    _ n: Int,
    after delay: Duration,
    using compute: @escaping Computation,
    to send: Send<NthPrimeUpdate>,
    answer: @Sendable (Int?) -> NthPrimeUpdate
  ) async throws {
    if delay > .zero {
      try await Task.sleep(for: delay)
    }
    for await update in computedUpdates(n, compute) {
      if case let .answer(prime) = update {
        await send(answer(prime))
      } else {
        await send(update)
      }
    }
  }

  /// Finds the nth prime, asking `isCancelled` often and throwing `CancellationError` once it says so, and
  /// telling `progress` how far it is in percent.
  typealias Computation = @Sendable (_ n: Int, _ isCancelled: () -> Bool, _ progress: (Int) -> Void) throws -> Int
}

/// Progress reports then the answer of `compute` for `n`, computed on a Dispatch queue of its own so that the
/// cooperative pool stays free. When the consumer stops listening (its task is cancelled), the computation is
/// told to stop and the stream ends without an answer.
private func computedUpdates(_ n: Int, _ compute: @escaping NthPrimeClient.Computation) -> AsyncStream<NthPrimeUpdate> {
  let (updates, continuation) = AsyncStream.makeStream(of: NthPrimeUpdate.self)
  let stop = StopFlag()
  continuation.onTermination = { _ in stop.raise() }
  // A queue of its own: on Linux the global queues run Swift's tasks too, and a computation there would
  // hold one of their few threads (one per core) for as long as it runs.
  DispatchQueue(label: "NthPrimeLive.offline", qos: .userInitiated).async {
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
