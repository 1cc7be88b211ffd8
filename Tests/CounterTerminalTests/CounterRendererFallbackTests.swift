import Counter
import CounterTerminal
import Testing

/// The answer to `nth` says once why it was computed on this machine; the screen drawn afterwards shows the
/// answer alone.
@Suite(.timeLimit(.minutes(2)))
struct CounterRendererFallbackTests {
  @Test func theAnswerToNthIsFollowedByTheNoticeOnlyWhenComputedHere() {
    let alert = PrimeAlert(n: 7, prime: 17, computedHereBecause: .errorStatus(503))
    let state = CounterViewState(counter: CounterState(alertNthPrime: alert, count: 7))
    #expect(
      renderNthPrime(state) == [
        "The 7th prime is 17",
        "Wolfram|Alpha did not answer (HTTP error 503); computed the 7th prime on this machine instead. "
          + "Unset WOLFRAM_ALPHA_APPID to always compute here.",
      ]
    )
    #expect(renderCounter(state) == ["The 7th prime is 17"])
    let ordinary = CounterViewState(counter: CounterState(alertNthPrime: PrimeAlert(n: 7, prime: 17), count: 7))
    #expect(renderNthPrime(ordinary) == ["The 7th prime is 17"])
  }
}
