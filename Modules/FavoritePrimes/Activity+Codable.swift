import FoundationEssentials

/// An entry of the activity as recordings hold it: `{"id":3,"timestamp":1795262400,"type":{…}}`, the
/// timestamp in seconds since 1970 (fractions kept).
extension Activity: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, timestamp, type
  }

  /// Decodes the entry a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int64.self, forKey: .id),
      timestamp: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .timestamp)),
      type: try container.decode(Kind.self, forKey: .type)
    )
  }

  /// Encodes the entry for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(timestamp.timeIntervalSince1970, forKey: .timestamp)
    try container.encode(type, forKey: .type)
  }
}
