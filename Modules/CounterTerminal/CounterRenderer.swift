public import Counter
import PrimeModalTerminal
import Primes

/// The counter screen as lines of text, the terminal's stand-in for its SwiftUI view: what is on top.
///
/// The modal when it is shown (``renderPrimeModal(_:)``), else the nth-prime alert (`The 7th prime is 17`)
/// until dismissed, else the counter: `- 7 +`, `Is this prime?`, and `What is the 7th prime?`, marked while
/// it is being answered (`(finding it…)`, then `(finding it… 42%)` once the answer reports its progress).
/// ``CounterProblem``s are not drawn here: a front end reports them as errors.
public func renderCounter(_ state: CounterViewState) -> [String] {
  if let modal = state.primeModal.wrappedValue {
    return renderPrimeModal(modal)
  }
  if let alert = state.counter.alertNthPrime {
    return [alert.title]
  }
  let count = String(state.counter.count)
  let question = "What is the " + count + ordinalSuffix(state.counter.count) + " prime?"
  return [
    "- " + count + " +",
    "Is this prime?",
    state.counter.isNthPrimeButtonDisabled ? "\(question) (\(findingIt(state.counter.nthPrimeProgress)))" : question,
  ]
}

/// What asking for the nth prime came to: the answer (`The 7th prime is 17`), even with the modal open on
/// top of it, followed by its ``PrimeAlert/fallbackNotice`` when this machine answered in place of
/// Wolfram|Alpha; `Stopped looking for the 7th prime.` when the question was withdrawn; else the screen as
/// ``renderCounter(_:)`` draws it. The notice is said here only, once per answer: redrawing the screen shows
/// the answer alone.
public func renderNthPrime(_ state: CounterViewState) -> [String] {
  if let alert = state.counter.alertNthPrime {
    return [alert.title] + (alert.fallbackNotice.map { [$0] } ?? [])
  }
  if let n = state.counter.withdrawnNthPrime {
    return ["Stopped looking for the \(ordinal(n)) prime."]
  }
  return renderCounter(state)
}

/// `Finding the 7th prime…  (Ctrl-C stops)` while an nth-prime question is in flight, with how far it is once
/// it reports that (`Finding the 7th prime… 42%  (Ctrl-C stops)`); nil otherwise. The transient line a
/// terminal shows under the prompt (see ``CounterFrontEnd/showProgress(on:)``), from the moment the question is
/// asked: a slow service, or a delay, shows it too.
public func renderNthPrimeProgress(_ state: CounterViewState) -> String? {
  guard state.counter.isNthPrimeButtonDisabled else { return nil }
  let percent = state.counter.nthPrimeProgress.map { " \($0)%" } ?? ""
  return "Finding the \(ordinal(state.counter.count)) prime…\(percent)  (Ctrl-C stops)"
}

private func findingIt(_ percent: Int?) -> String {
  percent.map { "finding it… \($0)%" } ?? "finding it…"
}
