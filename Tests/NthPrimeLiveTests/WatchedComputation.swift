import Foundation
@testable import NthPrimeLive
import Counter

/// A computation that runs until it is told to stop, and says when it started and when it stopped.
final class WatchedComputation: Sendable {
  private let start = AsyncStream<Void>.makeStream()
  private let stop = AsyncStream<Void>.makeStream()

  /// Waits, polling `isCancelled` every millisecond, until cancelled; then throws `CancellationError`.
  var run: NthPrimeClient.Computation {
    { [start, stop] _, isCancelled, _ in
      start.continuation.yield()
      while !isCancelled() {
        usleep(1_000)
      }
      stop.continuation.yield()
      throw CancellationError()
    }
  }

  /// Returns once the computation has started.
  func started() async {
    for await _ in start.stream { return }
  }

  /// Returns once the computation has seen the cancellation and stopped.
  func stopped() async {
    for await _ in stop.stream { return }
  }
}
