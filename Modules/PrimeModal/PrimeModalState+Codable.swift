/// The modal's state as recordings hold it: `{"count":7,"favoritePrimes":[2,7]}`, `problem` when there is one.
extension PrimeModalState: Codable {
  private enum CodingKeys: String, CodingKey {
    case count, favoritePrimes, problem
  }

  /// Decodes the state a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      count: try container.decode(Int.self, forKey: .count),
      favoritePrimes: try container.decode([Int].self, forKey: .favoritePrimes),
      problem: try container.decodeIfPresent(PrimeModalProblem.self, forKey: .problem)
    )
  }

  /// Encodes the state for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(count, forKey: .count)
    try container.encode(favoritePrimes, forKey: .favoritePrimes)
    try container.encodeIfPresent(problem, forKey: .problem)
  }
}
