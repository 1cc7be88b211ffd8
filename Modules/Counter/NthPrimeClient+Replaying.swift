import Primes

extension NthPrimeClient {
  /// The client a replay of a recording gives the counter's reducer: the live clients' limit
  /// (``Primes/nthPrimeLimit``, the offline engine's and Wolfram|Alpha's alike), and, as they do, one
  /// asynchronous effect per question, which here sends nothing.
  ///
  /// A replay drops the effects the reducer returns and takes their answers from the recording, so the
  /// effect is never run; but it compares what the reducer returned with what the recording holds (see
  /// `EffectSummary`), so the effect has the live clients' shape. The limit must be the live one too, since
  /// the reducer reads it itself: an n beyond it is answered with
  /// ``CounterProblem/nthPrimeBeyondLimit(n:limit:)`` in the state and no effect.
  public static let replaying = NthPrimeClient(limit: nthPrimeLimit) { _ in .run { _ in } }
}
