import ComposableArchitecture
import Testing

/// A problem-like enum whose cases read as sentences, as the features' problems do.
private enum Refusal: Equatable, Sendable, CustomStringConvertible {
  case nothingToDismiss
  case notPrime(Int)

  var description: String {
    switch self {
    case .nothingToDismiss: "Nothing to dismiss."
    case let .notPrime(n): "\(n) is not prime."
    }
  }
}

private struct Screen: Equatable, Sendable {
  var refusal: Refusal?
}

@Suite(.timeLimit(.minutes(2)))
struct TraceCaseNameTests {
  @Test func aCaseWithoutPayloadReadsByItsNameEvenWhenItsTypeHasADescription() {
    let entry = Trace.entry(for: "tapped", from: Screen(), to: Screen(refusal: .nothingToDismiss))
    #expect(entry.contains("+   refusal: .nothingToDismiss"))
    #expect(!entry.contains("Nothing to dismiss."))
    #expect(Trace.describe(Screen(refusal: .notPrime(8))).joined(separator: "\n").contains(".notPrime(8)"))
  }
}
