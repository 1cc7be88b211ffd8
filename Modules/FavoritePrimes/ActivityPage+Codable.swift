/// A page of the activity history as recordings hold it: `{"activity":[…],"hasEarlier":false}`.
extension ActivityPage: Codable {
  private enum CodingKeys: String, CodingKey {
    case activity, hasEarlier
  }

  /// Decodes the page a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      activity: try container.decode([Activity].self, forKey: .activity),
      hasEarlier: try container.decode(Bool.self, forKey: .hasEarlier)
    )
  }

  /// Encodes the page for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(activity, forKey: .activity)
    try container.encode(hasEarlier, forKey: .hasEarlier)
  }
}
