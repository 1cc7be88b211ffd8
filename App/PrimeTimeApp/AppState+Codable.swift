import Counter
import FavoriteList
import FavoritePrimes
import PrimeModal

/// PrimeTime's state as recordings hold it: every stored field by name, the optional ones only when set.
///
/// Recordings made before ``AppState/favoritePrimes`` kept its unsaved changes held them beside it, in
/// `favoritePrimesUnsavedChanges`; they are read into the list.
extension AppState: Codable {
  private enum CodingKeys: String, CodingKey {
    case count, favoritePrimes, activityFeed, activityFeedHasEarlier, alertNthPrime, isNthPrimeButtonDisabled
    case isPrimeModalShown, nthPrimeProgress, counterProblem, primeModalProblem, withdrawnNthPrime
    case favoritePrimesProblem, favoritePrimesUnsavedChanges, favoritePrimesNotice, favoritePrimesAreLoaded
    case activityFeedProblem, tab, ending
  }

  /// Decodes the state a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      count: try container.decode(Int.self, forKey: .count),
      favoritePrimes: try container.decode(FavoriteList.self, forKey: .favoritePrimes),
      activityFeed: try container.decode([Activity].self, forKey: .activityFeed),
      alertNthPrime: try container.decodeIfPresent(PrimeAlert.self, forKey: .alertNthPrime),
      isNthPrimeButtonDisabled: try container.decode(Bool.self, forKey: .isNthPrimeButtonDisabled),
      isPrimeModalShown: try container.decode(Bool.self, forKey: .isPrimeModalShown),
      nthPrimeProgress: try container.decodeIfPresent(Int.self, forKey: .nthPrimeProgress),
      counterProblem: try container.decodeIfPresent(CounterProblem.self, forKey: .counterProblem),
      favoritePrimesProblem: try container.decodeIfPresent(FavoritePrimesProblem.self, forKey: .favoritePrimesProblem),
      activityFeedProblem: try container.decodeIfPresent(ActivityFeedProblem.self, forKey: .activityFeedProblem),
      tab: try container.decode(Tab.self, forKey: .tab)
    )
    activityFeedHasEarlier = try container.decode(Bool.self, forKey: .activityFeedHasEarlier)
    primeModalProblem = try container.decodeIfPresent(PrimeModalProblem.self, forKey: .primeModalProblem)
    withdrawnNthPrime = try container.decodeIfPresent(Int.self, forKey: .withdrawnNthPrime)
    if let unsaved = try container.decodeIfPresent([FavoriteChange].self, forKey: .favoritePrimesUnsavedChanges),
      !unsaved.isEmpty
    {
      favoritePrimes = FavoriteList(favoritePrimes.primes, unsavedChanges: unsaved, savesRunning: favoritePrimes.savesRunning)
    }
    ending = try container.decodeIfPresent(Ending.self, forKey: .ending)
    favoritePrimesNotice = try container.decodeIfPresent(FavoritePrimesNotice.self, forKey: .favoritePrimesNotice)
    favoritePrimesAreLoaded = try container.decode(Bool.self, forKey: .favoritePrimesAreLoaded)
  }

  /// Encodes the state for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(count, forKey: .count)
    try container.encode(favoritePrimes, forKey: .favoritePrimes)
    try container.encode(activityFeed, forKey: .activityFeed)
    try container.encode(activityFeedHasEarlier, forKey: .activityFeedHasEarlier)
    try container.encodeIfPresent(alertNthPrime, forKey: .alertNthPrime)
    try container.encode(isNthPrimeButtonDisabled, forKey: .isNthPrimeButtonDisabled)
    try container.encode(isPrimeModalShown, forKey: .isPrimeModalShown)
    try container.encodeIfPresent(nthPrimeProgress, forKey: .nthPrimeProgress)
    try container.encodeIfPresent(counterProblem, forKey: .counterProblem)
    try container.encodeIfPresent(primeModalProblem, forKey: .primeModalProblem)
    try container.encodeIfPresent(withdrawnNthPrime, forKey: .withdrawnNthPrime)
    try container.encodeIfPresent(favoritePrimesProblem, forKey: .favoritePrimesProblem)
    try container.encodeIfPresent(favoritePrimesNotice, forKey: .favoritePrimesNotice)
    try container.encode(favoritePrimesAreLoaded, forKey: .favoritePrimesAreLoaded)
    try container.encodeIfPresent(activityFeedProblem, forKey: .activityFeedProblem)
    try container.encode(tab, forKey: .tab)
    try container.encodeIfPresent(ending, forKey: .ending)
  }
}
