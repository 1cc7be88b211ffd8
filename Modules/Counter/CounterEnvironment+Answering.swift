extension CounterEnvironment {
  /// Answers every nth-prime question with `answer` after waiting `delay`, whatever n is; `nil` fails as a
  /// failed computation does (``CounterProblem/nthPrimeFailed(n:)``). For demos that swap the environment
  /// (`counter-demo --answer 17`, `--fail`): no limit, no progress, and withdrawing the question ends the wait.
  public static func answering(_ answer: Int?, after delay: Duration) -> Self {
    CounterEnvironment { _ in
      .run { send in
        if delay > .zero {
          try await Task.sleep(for: delay)
        }
        await send(.answer(answer))
      }
    }
  }
}
