/// The favourites' problems as recordings hold them: `{"saveFailed":{"_0":"disk full"}}`; see
/// `FavoritePrimesAction`'s coding.
extension FavoritePrimesProblem: Codable {
  private enum Coded: Codable {
    case noSuchPosition(offset: Int, count: Int)
    case loadFailed(String)
    case saveFailed(String)
    case leftOut([String])
    case exportFailed(String)
    case notLoadedToExport
    case importFailed(String)
    case backupFailed(String)
    case damaged(findings: [String], listLoaded: Bool)
    case checkFailed(String)
  }

  /// Decodes the problem a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .noSuchPosition(offset, count): .noSuchPosition(offset: offset, count: count)
      case let .loadFailed(reason): .loadFailed(reason)
      case let .saveFailed(reason): .saveFailed(reason)
      case let .leftOut(values): .leftOut(values)
      case let .exportFailed(reason): .exportFailed(reason)
      case .notLoadedToExport: .notLoadedToExport
      case let .importFailed(reason): .importFailed(reason)
      case let .backupFailed(reason): .backupFailed(reason)
      case let .damaged(findings, listLoaded): .damaged(findings: findings, listLoaded: listLoaded)
      case let .checkFailed(reason): .checkFailed(reason)
      }
  }

  /// Encodes the problem for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .noSuchPosition(offset, count): .noSuchPosition(offset: offset, count: count)
      case let .loadFailed(reason): .loadFailed(reason)
      case let .saveFailed(reason): .saveFailed(reason)
      case let .leftOut(values): .leftOut(values)
      case let .exportFailed(reason): .exportFailed(reason)
      case .notLoadedToExport: .notLoadedToExport
      case let .importFailed(reason): .importFailed(reason)
      case let .backupFailed(reason): .backupFailed(reason)
      case let .damaged(findings, listLoaded): .damaged(findings: findings, listLoaded: listLoaded)
      case let .checkFailed(reason): .checkFailed(reason)
      }
    try coded.encode(to: encoder)
  }
}
