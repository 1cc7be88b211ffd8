public import Counter
import ComposableArchitecture
public import Foundation

extension CounterEnvironment {
  /// Asks Wolfram|Alpha through `client`; a failure or timeout is answered with its reason
  /// (``NthPrimeUpdate/serviceFailed(_:)``), which the counter shows as
  /// ``CounterProblem/nthPrimeServiceFailed(n:_:)``: the network, the time limit, an HTTP error or the app ID,
  /// and how to compute offline instead. No progress is reported; cancelling stops the request.
  public static func wolframAlpha(_ client: WolframAlphaClient) -> Self {
    CounterEnvironment { n in
      .run { send in
        switch try await client.answer(forPrime: n) {
        case let .success(prime): await send(.answer(prime))
        case let .failure(error): await send(.serviceFailed(error.counterFailure))
        }
      }
    }
  }

  /// Wolfram|Alpha when `WOLFRAM_ALPHA_APPID` is set in `environment`, as in the original app; otherwise
  /// `fallback`, the offline engine by default.
  public static func wolframAlphaIfConfigured(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    otherwise fallback: Self = .live
  ) -> Self {
    WolframAlphaClient(environment: environment).map(wolframAlpha) ?? fallback
  }
}
