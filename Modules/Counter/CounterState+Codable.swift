/// The counter's state as recordings hold it: its fields by name, the optional ones only when set.
extension CounterState: Codable {
  private enum CodingKeys: String, CodingKey {
    case alertNthPrime, count, isNthPrimeButtonDisabled, isPrimeModalShown, nthPrimeProgress, problem
    case withdrawnNthPrime
  }

  /// Decodes the state a recording holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      alertNthPrime: try container.decodeIfPresent(PrimeAlert.self, forKey: .alertNthPrime),
      count: try container.decode(Int.self, forKey: .count),
      isNthPrimeButtonDisabled: try container.decode(Bool.self, forKey: .isNthPrimeButtonDisabled),
      isPrimeModalShown: try container.decode(Bool.self, forKey: .isPrimeModalShown),
      nthPrimeProgress: try container.decodeIfPresent(Int.self, forKey: .nthPrimeProgress),
      problem: try container.decodeIfPresent(CounterProblem.self, forKey: .problem),
      withdrawnNthPrime: try container.decodeIfPresent(Int.self, forKey: .withdrawnNthPrime)
    )
  }

  /// Encodes the state for a recording.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(alertNthPrime, forKey: .alertNthPrime)
    try container.encode(count, forKey: .count)
    try container.encode(isNthPrimeButtonDisabled, forKey: .isNthPrimeButtonDisabled)
    try container.encode(isPrimeModalShown, forKey: .isPrimeModalShown)
    try container.encodeIfPresent(nthPrimeProgress, forKey: .nthPrimeProgress)
    try container.encodeIfPresent(problem, forKey: .problem)
    try container.encodeIfPresent(withdrawnNthPrime, forKey: .withdrawnNthPrime)
  }
}
