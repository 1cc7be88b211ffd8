/// The favourites screen's state as recordings hold it: its fields by name, the optional ones only when set.
extension FavoritePrimesState: Codable {
  private enum CodingKeys: String, CodingKey {
    case favoritePrimes, problem, unsavedChanges, notice, isLoaded
  }

  /// Decodes the state a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      favoritePrimes: try container.decode([Int].self, forKey: .favoritePrimes),
      problem: try container.decodeIfPresent(FavoritePrimesProblem.self, forKey: .problem),
      unsavedChanges: try container.decode([Activity.Kind].self, forKey: .unsavedChanges),
      notice: try container.decodeIfPresent(FavoritePrimesNotice.self, forKey: .notice),
      isLoaded: try container.decode(Bool.self, forKey: .isLoaded)
    )
  }

  /// Encodes the state for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(favoritePrimes, forKey: .favoritePrimes)
    try container.encodeIfPresent(problem, forKey: .problem)
    try container.encode(unsavedChanges, forKey: .unsavedChanges)
    try container.encodeIfPresent(notice, forKey: .notice)
    try container.encode(isLoaded, forKey: .isLoaded)
  }
}
