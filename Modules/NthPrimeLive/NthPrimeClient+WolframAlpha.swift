import ComposableArchitecture
public import Counter
public import FoundationEssentials
import Primes

extension NthPrimeClient {
  /// Asks Wolfram|Alpha through `client`; when it gives no answer (unreachable, a timeout, an HTTP error, no
  /// prime in its answer) or a wrong one (not the nth prime, as ``WolframAlphaClient/answer(forPrime:)``
  /// checks), computes the prime on this machine instead, after waiting `delay` as
  /// ``computing(after:)`` does, and sends its progress, then its answer as
  /// ``NthPrimeUpdate/computedHere(_:because:)`` with Wolfram|Alpha's failure, which the counter's alert
  /// names (``PrimeAlert/fallbackNotice``). Its limit is the offline engine's. Cancelling stops the request,
  /// or the computation.
  public static func wolframAlpha(_ client: WolframAlphaClient, computingAfter delay: Duration = .zero) -> Self {
    wolframAlpha(client, computingAfter: delay, using: engine)
  }

  /// ``wolframAlpha(_:computingAfter:)`` with `compute` in place of the offline engine, for tests.
  static func wolframAlpha(
    _ client: WolframAlphaClient,
    computingAfter delay: Duration,
    using compute: @escaping Computation
  ) -> Self {
    NthPrimeClient(limit: nthPrimeLimit) { n in
      .run { send in
        switch try await client.answer(forPrime: n) {
        case let .success(prime):
          await send(.answer(prime))
        case let .failure(error):
          let failure = error.counterFailure
          try await sendComputedUpdates(n, after: delay, using: compute, to: send) {
            .computedHere($0, because: failure)
          }
        }
      }
    }
  }

  /// Wolfram|Alpha when `WOLFRAM_ALPHA_APPID` is set in `environment`, as in the original app, with this
  /// machine answering when it fails (``wolframAlpha(_:computingAfter:)``); otherwise the offline engine
  /// alone (``computing(after:)``). `delay` is how long the engine waits before computing, zero by default.
  public static func wolframAlphaIfConfigured(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    computingAfter delay: Duration = .zero
  ) -> Self {
    WolframAlphaClient(environment: environment).map { wolframAlpha($0, computingAfter: delay) }
      ?? computing(after: delay)
  }
}
