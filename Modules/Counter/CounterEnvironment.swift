public import ComposableArchitecture
import Primes

/// The counter's dependencies: how to find the nth prime.
public struct CounterEnvironment: Sendable {
  /// An effect that sends the nth prime, or `nil` when it cannot be found. It is cancelled when the
  /// question is withdrawn, and must stop soon after.
  public var nthPrime: @Sendable (Int) -> Effect<Int?>

  /// Creates an environment from its endpoint.
  public init(nthPrime: @escaping @Sendable (Int) -> Effect<Int?>) {
    self.nthPrime = nthPrime
  }
}

extension CounterEnvironment {
  /// Computes the nth prime on this machine, off the main actor; cancelling the effect stops it.
  public static let live = CounterEnvironment.computing(after: .zero)

  /// Computes the nth prime on this machine after waiting `delay`, as a slow service would answer: for
  /// demos, where the wait shows the request in flight.
  public static func computing(after delay: Duration) -> Self {
    CounterEnvironment { n in
      .run { send in
        if delay > .zero {
          try await Task.sleep(for: delay)
        }
        let prime: Int?
        do {
          prime = try Primes.nthPrime(n, isCancelled: { Task.isCancelled })
        } catch is CancellationError {
          return
        } catch {
          prime = nil
        }
        await send(prime)
      }
    }
  }

  /// For tests: reports a test failure when asked for a prime a test did not stub, and sends nothing.
  public static let failing = CounterEnvironment { n in
    reportIssue("CounterEnvironment.nthPrime was asked for the \(ordinal(n)) prime, but the test did not stub it.")
    return .none
  }
}
