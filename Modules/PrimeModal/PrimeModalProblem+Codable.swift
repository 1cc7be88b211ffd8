/// The modal's problems as recordings hold them: `{"notPrime":{"_0":4}}`; see `PrimeModalAction`'s coding.
extension PrimeModalProblem: Codable {
  private enum Coded: Codable {
    case alreadyFavorite(Int)
    case notPrime(Int)
    case notFavorite(Int)
  }

  /// Decodes the problem a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .alreadyFavorite(count): .alreadyFavorite(count)
      case let .notPrime(count): .notPrime(count)
      case let .notFavorite(count): .notFavorite(count)
      }
  }

  /// Encodes the problem for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .alreadyFavorite(count): .alreadyFavorite(count)
      case let .notPrime(count): .notPrime(count)
      case let .notFavorite(count): .notFavorite(count)
      }
    try coded.encode(to: encoder)
  }
}
