public import Counter
import ComposableArchitecture
public import Foundation

extension CounterEnvironment {
  /// Asks Wolfram|Alpha through `client`; any failure or timeout is answered with `nil`, which the counter
  /// shows as ``CounterProblem/nthPrimeFailed(n:)``. No progress is reported; cancelling stops the request.
  public static func wolframAlpha(_ client: WolframAlphaClient) -> Self {
    CounterEnvironment { n in
      .run { send in
        let prime = try await client.nthPrime(n)
        await send(.answer(prime))
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
