/// The counter's actions as recordings hold them: `{"incrTapped":{}}`, `{"nthPrimeResponse":{"n":7,"prime":17}}`.
///
/// Encoded through a private mirror of the cases, whose coding Swift synthesizes: the format follows the
/// mirror, not the public enum, so renaming a case here is a change of the recorded format, made on purpose.
extension CounterAction: Codable {
  private enum Coded: Codable {
    case decrTapped
    case incrTapped
    case countEntered(Int)
    case nthPrimeButtonTapped
    case nthPrimeCancelButtonTapped
    case nthPrimeResponse(n: Int, prime: Int?)
    case nthPrimeComputedHere(n: Int, prime: Int?, because: NthPrimeServiceFailure)
    case nthPrimeProgress(n: Int, percent: Int)
    case alertDismissButtonTapped
    case okTapped
    case isPrimeButtonTapped
    case primeModalDismissed
  }

  /// Decodes the action a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .decrTapped: .decrTapped
      case .incrTapped: .incrTapped
      case let .countEntered(count): .countEntered(count)
      case .nthPrimeButtonTapped: .nthPrimeButtonTapped
      case .nthPrimeCancelButtonTapped: .nthPrimeCancelButtonTapped
      case let .nthPrimeResponse(n, prime): .nthPrimeResponse(n: n, prime: prime)
      case let .nthPrimeComputedHere(n, prime, because): .nthPrimeComputedHere(n: n, prime: prime, because: because)
      case let .nthPrimeProgress(n, percent): .nthPrimeProgress(n: n, percent: percent)
      case .alertDismissButtonTapped: .alertDismissButtonTapped
      case .okTapped: .okTapped
      case .isPrimeButtonTapped: .isPrimeButtonTapped
      case .primeModalDismissed: .primeModalDismissed
      }
  }

  /// Encodes the action for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .decrTapped: .decrTapped
      case .incrTapped: .incrTapped
      case let .countEntered(count): .countEntered(count)
      case .nthPrimeButtonTapped: .nthPrimeButtonTapped
      case .nthPrimeCancelButtonTapped: .nthPrimeCancelButtonTapped
      case let .nthPrimeResponse(n, prime): .nthPrimeResponse(n: n, prime: prime)
      case let .nthPrimeComputedHere(n, prime, because): .nthPrimeComputedHere(n: n, prime: prime, because: because)
      case let .nthPrimeProgress(n, percent): .nthPrimeProgress(n: n, percent: percent)
      case .alertDismissButtonTapped: .alertDismissButtonTapped
      case .okTapped: .okTapped
      case .isPrimeButtonTapped: .isPrimeButtonTapped
      case .primeModalDismissed: .primeModalDismissed
      }
    try coded.encode(to: encoder)
  }
}
