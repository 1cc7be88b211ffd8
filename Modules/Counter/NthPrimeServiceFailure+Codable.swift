/// Why the service gave no answer, as recordings hold it: `{"timedOut":{}}`; see `CounterAction`'s coding.
extension NthPrimeServiceFailure: Codable {
  private enum Coded: Codable {
    case unreachable
    case timedOut
    case errorStatus(Int)
    case noPrimeInAnswer
    case clientMissing(path: String)
  }

  /// Decodes the failure a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .unreachable: .unreachable
      case .timedOut: .timedOut
      case let .errorStatus(status): .errorStatus(status)
      case .noPrimeInAnswer: .noPrimeInAnswer
      case let .clientMissing(path): .clientMissing(path: path)
      }
  }

  /// Encodes the failure for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .unreachable: .unreachable
      case .timedOut: .timedOut
      case let .errorStatus(status): .errorStatus(status)
      case .noPrimeInAnswer: .noPrimeInAnswer
      case let .clientMissing(path): .clientMissing(path: path)
      }
    try coded.encode(to: encoder)
  }
}
