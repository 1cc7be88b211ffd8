/// The favourites' actions as recordings hold them: `{"deleteFavoritePrimes":{"_0":[[0,2]]}}`,
/// `{"saveFailed":{"_0":"disk full","unsent":[…]}}`.
///
/// Encoded through a private mirror of the cases, whose coding Swift synthesizes: the format follows the
/// mirror, not the public enum, so renaming a case here is a change of the recorded format, made on purpose.
extension FavoritePrimesAction: Codable {
  private enum Coded: Codable {
    case deleteFavoritePrimes(FavoritePrimeOffsets)
    case loadButtonTapped
    case loadedFavoritePrimes(FavoritePrimesSync)
    case loadFailed(String)
    case saveButtonTapped
    case favoritePrimesSaved(FavoritePrimesSync)
    case saveFailed(String, unsent: [Activity.Kind])
    case exportTapped(path: String)
    case exportTextTapped
    case exported(count: Int, path: String)
    case exportFailed(String)
    case importTapped(path: String)
    case importRead(String)
    case importFailed(String)
    case backupTapped(path: String)
    case backedUp(path: String)
    case backupFailed(String)
    case checkTapped
    case checked(findings: [String])
    case checkFailed(String)
  }

  /// Decodes the action a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .deleteFavoritePrimes(offsets): .deleteFavoritePrimes(offsets)
      case .loadButtonTapped: .loadButtonTapped
      case let .loadedFavoritePrimes(sync): .loadedFavoritePrimes(sync)
      case let .loadFailed(reason): .loadFailed(reason)
      case .saveButtonTapped: .saveButtonTapped
      case let .favoritePrimesSaved(sync): .favoritePrimesSaved(sync)
      case let .saveFailed(reason, unsent): .saveFailed(reason, unsent: unsent)
      case let .exportTapped(path): .exportTapped(path: path)
      case .exportTextTapped: .exportTextTapped
      case let .exported(count, path): .exported(count: count, path: path)
      case let .exportFailed(reason): .exportFailed(reason)
      case let .importTapped(path): .importTapped(path: path)
      case let .importRead(text): .importRead(text)
      case let .importFailed(reason): .importFailed(reason)
      case let .backupTapped(path): .backupTapped(path: path)
      case let .backedUp(path): .backedUp(path: path)
      case let .backupFailed(reason): .backupFailed(reason)
      case .checkTapped: .checkTapped
      case let .checked(findings): .checked(findings: findings)
      case let .checkFailed(reason): .checkFailed(reason)
      }
  }

  /// Encodes the action for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .deleteFavoritePrimes(offsets): .deleteFavoritePrimes(offsets)
      case .loadButtonTapped: .loadButtonTapped
      case let .loadedFavoritePrimes(sync): .loadedFavoritePrimes(sync)
      case let .loadFailed(reason): .loadFailed(reason)
      case .saveButtonTapped: .saveButtonTapped
      case let .favoritePrimesSaved(sync): .favoritePrimesSaved(sync)
      case let .saveFailed(reason, unsent): .saveFailed(reason, unsent: unsent)
      case let .exportTapped(path): .exportTapped(path: path)
      case .exportTextTapped: .exportTextTapped
      case let .exported(count, path): .exported(count: count, path: path)
      case let .exportFailed(reason): .exportFailed(reason)
      case let .importTapped(path): .importTapped(path: path)
      case let .importRead(text): .importRead(text)
      case let .importFailed(reason): .importFailed(reason)
      case let .backupTapped(path): .backupTapped(path: path)
      case let .backedUp(path): .backedUp(path: path)
      case let .backupFailed(reason): .backupFailed(reason)
      case .checkTapped: .checkTapped
      case let .checked(findings): .checked(findings: findings)
      case let .checkFailed(reason): .checkFailed(reason)
      }
    try coded.encode(to: encoder)
  }
}
