/// What the last export, import or backup did, as recordings hold it: `{"passedCheck":{}}`; see
/// `FavoritePrimesAction`'s coding.
extension FavoritePrimesNotice: Codable {
  private enum Coded: Codable {
    case exported(count: Int, path: String)
    case imported(added: [Int], already: Int, skipped: [String])
    case backedUp(path: String, withoutUnsavedChanges: Bool)
    case passedCheck
  }

  /// Decodes the notice a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .exported(count, path): .exported(count: count, path: path)
      case let .imported(added, already, skipped): .imported(added: added, already: already, skipped: skipped)
      case let .backedUp(path, without): .backedUp(path: path, withoutUnsavedChanges: without)
      case .passedCheck: .passedCheck
      }
  }

  /// Encodes the notice for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .exported(count, path): .exported(count: count, path: path)
      case let .imported(added, already, skipped): .imported(added: added, already: already, skipped: skipped)
      case let .backedUp(path, without): .backedUp(path: path, withoutUnsavedChanges: without)
      case .passedCheck: .passedCheck
      }
    try coded.encode(to: encoder)
  }
}
