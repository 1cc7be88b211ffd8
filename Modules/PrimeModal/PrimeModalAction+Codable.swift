/// The modal's actions as recordings hold them: `{"saveFavoritePrimeTapped":{}}`.
///
/// Encoded through a private mirror of the cases, whose coding Swift synthesizes: the format follows the
/// mirror, not the public enum, so renaming a case here is a change of the recorded format, made on purpose.
extension PrimeModalAction: Codable {
  private enum Coded: Codable {
    case saveFavoritePrimeTapped
    case removeFavoritePrimeTapped
  }

  /// Decodes the action a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .saveFavoritePrimeTapped: .saveFavoritePrimeTapped
      case .removeFavoritePrimeTapped: .removeFavoritePrimeTapped
      }
  }

  /// Encodes the action for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .saveFavoritePrimeTapped: .saveFavoritePrimeTapped
      case .removeFavoritePrimeTapped: .removeFavoritePrimeTapped
      }
    try coded.encode(to: encoder)
  }
}
