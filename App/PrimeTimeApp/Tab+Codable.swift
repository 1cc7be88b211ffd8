/// A tab as recordings hold it: `"counter"`, `"favorites"` or `"activity"`.
extension Tab: Codable {
  /// Decodes the tab a recording holds; any other name is refused.
  public init(from decoder: any Decoder) throws {
    switch try String(from: decoder) {
    case "counter": self = .counter
    case "favorites": self = .favorites
    case "activity": self = .activity
    case let name:
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no tab \(name)"))
    }
  }

  /// Encodes the tab for a recording.
  public func encode(to encoder: any Encoder) throws {
    let name =
      switch self {
      case .counter: "counter"
      case .favorites: "favorites"
      case .activity: "activity"
      }
    try name.encode(to: encoder)
  }
}
