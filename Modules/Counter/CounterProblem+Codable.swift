/// The counter's problems as recordings hold them: `{"noSuchPrime":{"n":0}}`; see `CounterAction`'s coding.
extension CounterProblem: Codable {
  private enum Coded: Codable {
    case countAtMaximum
    case countAtMinimum
    case noSuchPrime(n: Int)
    case nthPrimeBeyondLimit(n: Int, limit: Int)
    case nthPrimeFailed(n: Int)
    case nothingToDismiss
  }

  /// Decodes the problem a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .countAtMaximum: .countAtMaximum
      case .countAtMinimum: .countAtMinimum
      case let .noSuchPrime(n): .noSuchPrime(n: n)
      case let .nthPrimeBeyondLimit(n, limit): .nthPrimeBeyondLimit(n: n, limit: limit)
      case let .nthPrimeFailed(n): .nthPrimeFailed(n: n)
      case .nothingToDismiss: .nothingToDismiss
      }
  }

  /// Encodes the problem for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .countAtMaximum: .countAtMaximum
      case .countAtMinimum: .countAtMinimum
      case let .noSuchPrime(n): .noSuchPrime(n: n)
      case let .nthPrimeBeyondLimit(n, limit): .nthPrimeBeyondLimit(n: n, limit: limit)
      case let .nthPrimeFailed(n): .nthPrimeFailed(n: n)
      case .nothingToDismiss: .nothingToDismiss
      }
    try coded.encode(to: encoder)
  }
}
