/// What a load or save brought back, as recordings hold it: `{"activity":[…],"favoritePrimes":[2,3]}`,
/// `favoritePrimes` only when the list came back, and `"favoritePrimesWereChecked":true` only when it was.
extension FavoritePrimesSync: Codable {
  private enum CodingKeys: String, CodingKey {
    case favoritePrimes, activity, favoritePrimesWereChecked
  }

  /// Decodes what a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      favoritePrimes: try container.decodeIfPresent([Int].self, forKey: .favoritePrimes),
      activity: try container.decode([Activity].self, forKey: .activity),
      favoritePrimesWereChecked: try container.decodeIfPresent(Bool.self, forKey: .favoritePrimesWereChecked) ?? false
    )
  }

  /// Encodes it for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(favoritePrimes, forKey: .favoritePrimes)
    try container.encode(activity, forKey: .activity)
    if favoritePrimesWereChecked {
      try container.encode(true, forKey: .favoritePrimesWereChecked)
    }
  }
}
