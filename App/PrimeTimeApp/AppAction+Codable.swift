import Counter
import FavoritePrimes

/// PrimeTime's actions as recordings hold them: `{"counterView":{"_0":{"counter":{"_0":{"incrTapped":{}}}}}}`,
/// `{"tabSelected":{"_0":"favorites"}}`.
///
/// Encoded through a private mirror of the cases, whose coding Swift synthesizes: the format follows the
/// mirror, not the public enum, so renaming a case here is a change of the recorded format, made on purpose.
/// Nothing of the environment is in an action: no app ID, no path but those the person typed.
extension AppAction: Codable {
  private enum Coded: Codable {
    case launched
    case allActivityRequested
    case activityLoaded(ActivityPage)
    case activityLoadFailed(String)
    case quitRequested
    case counterView(CounterViewAction)
    case favoritePrimes(FavoritePrimesAction)
    case tabSelected(Tab)
  }

  /// Decodes the action a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .launched: .launched
      case .allActivityRequested: .allActivityRequested
      case let .activityLoaded(page): .activityLoaded(page)
      case let .activityLoadFailed(reason): .activityLoadFailed(reason)
      case .quitRequested: .quitRequested
      case let .counterView(action): .counterView(action)
      case let .favoritePrimes(action): .favoritePrimes(action)
      case let .tabSelected(tab): .tabSelected(tab)
      }
  }

  /// Encodes the action for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .launched: .launched
      case .allActivityRequested: .allActivityRequested
      case let .activityLoaded(page): .activityLoaded(page)
      case let .activityLoadFailed(reason): .activityLoadFailed(reason)
      case .quitRequested: .quitRequested
      case let .counterView(action): .counterView(action)
      case let .favoritePrimes(action): .favoritePrimes(action)
      case let .tabSelected(tab): .tabSelected(tab)
      }
    try coded.encode(to: encoder)
  }
}
