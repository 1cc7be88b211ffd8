import PrimeModal

/// The counter screen's actions as recordings hold them: `{"counter":{"_0":{"incrTapped":{}}}}`; see
/// `CounterAction`'s coding.
extension CounterViewAction: Codable {
  private enum Coded: Codable {
    case counter(CounterAction)
    case primeModal(PrimeModalAction)
  }

  /// Decodes the action a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .counter(action): .counter(action)
      case let .primeModal(action): .primeModal(action)
      }
  }

  /// Encodes the action for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .counter(action): .counter(action)
      case let .primeModal(action): .primeModal(action)
      }
    try coded.encode(to: encoder)
  }
}
