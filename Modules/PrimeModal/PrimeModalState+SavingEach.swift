extension PrimeModalState {
  /// The favourites a person gets by saving `numbers` one by one with the modal's button, in that order; or
  /// the problem of the first one the button refuses (not prime, or given twice).
  ///
  /// For a front end that starts with favourites given on its command line: the same rules as the button.
  public static func favorites(savingEachOf numbers: [Int]) -> Result<[Int], PrimeModalProblem> {
    var state = PrimeModalState(count: 0, favoritePrimes: [])
    for number in numbers {
      state.count = number
      _ = primeModalReducer(&state, .saveFavoritePrimeTapped, ())
      if let problem = state.problem {
        return .failure(problem)
      }
    }
    return .success(state.favoritePrimes.primes)
  }
}
