/// The nth-prime answer as recordings hold it: `{"n":7,"prime":17}`, `computedHereBecause` when there is one.
extension PrimeAlert: Codable {
  private enum CodingKeys: String, CodingKey {
    case n, prime, computedHereBecause
  }

  /// Decodes the answer a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      n: try container.decode(Int.self, forKey: .n),
      prime: try container.decode(Int.self, forKey: .prime),
      computedHereBecause: try container.decodeIfPresent(NthPrimeServiceFailure.self, forKey: .computedHereBecause)
    )
  }

  /// Encodes the answer for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(n, forKey: .n)
    try container.encode(prime, forKey: .prime)
    try container.encodeIfPresent(computedHereBecause, forKey: .computedHereBecause)
  }
}
