import PrimeModal
import Primes

/// The counter screen as lines of text, the terminal's stand-in for its SwiftUI view: what is on top.
///
/// The modal when it is shown, else the nth-prime alert (`The 7th prime is 17`) until dismissed, else the
/// counter: `- 7 +`, `Is this prime?`, and `What is the 7th prime?`, marked while it is being answered
/// (`(finding it…)`, then `(finding it… 42%)` once the answer reports its progress).
/// ``CounterProblem``s are not drawn here: a front end reports them as errors.
public func renderCounter(_ state: CounterViewState) -> [String] {
  if state.isPrimeModalShown {
    return renderPrimeModal(state.primeModal)
  }
  if let alert = state.alertNthPrime {
    return [alert.title]
  }
  let question = "What is the \(ordinal(state.count)) prime?"
  return [
    "- \(state.count) +",
    "Is this prime?",
    state.isNthPrimeButtonDisabled ? "\(question) (\(findingIt(state.nthPrimeProgress)))" : question,
  ]
}

private func findingIt(_ percent: Int?) -> String {
  percent.map { "finding it… \($0)%" } ?? "finding it…"
}
