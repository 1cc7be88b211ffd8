extension AppState {
  /// What the person sees: ``tab``, and on the counter the modal if it is shown, else the nth-prime answer if
  /// there is one, else the counter itself.
  public var screen: Screen {
    switch tab {
    case .counter:
      if isPrimeModalShown {
        return .primeModal
      }
      if let alert = alertNthPrime {
        return .nthPrimeAnswer(alert)
      }
      return .counter
    case .favorites:
      return .favorites
    case .activity:
      return .activity
    }
  }
}
