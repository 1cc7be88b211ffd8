public import ComposableArchitecture
public import Counter

extension NthPrimeClient: DependencyKey {
  /// Wolfram|Alpha when `WOLFRAM_ALPHA_APPID` is set in the process's environment, falling back to the
  /// offline engine when it fails; otherwise the offline engine
  /// (``NthPrimeClient/wolframAlphaIfConfigured(environment:otherwise:)``).
  public static let liveValue = NthPrimeClient.wolframAlphaIfConfigured()
}
