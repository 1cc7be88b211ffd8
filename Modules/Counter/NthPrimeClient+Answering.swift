extension NthPrimeClient {
  /// Answers every nth-prime question with `answer` after waiting `delay`, whatever n is; `nil` fails as a
  /// failed computation does (``CounterProblem/nthPrimeFailed(n:)``). For demos that swap the client
  /// (`counter-demo --answer 17`, `--fail`): no limit, no progress, and withdrawing the question ends the wait.
  public static func answering(_ answer: Int?, after delay: Duration = .zero) -> Self {
    answering(after: delay) { _ in answer }
  }

  /// Answers the nth-prime question for n with `primes[n]` after waiting `delay`; an n not in the table fails
  /// as a failed computation does. For tests and previews: no limit, no progress, and withdrawing the question
  /// ends the wait.
  public static func answering(primes: [Int: Int], after delay: Duration = .zero) -> Self {
    answering(after: delay) { n in primes[n] }
  }

  private static func answering(after delay: Duration, _ answer: @escaping @Sendable (Int) -> Int?) -> Self {
    NthPrimeClient { n in
      .run { send in
        if delay > .zero {
          try await Task.sleep(for: delay)
        }
        await send(.answer(answer(n)))
      }
    }
  }
}
