/// The counter's own state: the count, the nth-prime request and its answer, and whether the modal shows.
///
/// `Codable` as Swift synthesizes it: a field's name is part of the recordings' format.
public struct CounterState: Equatable, Sendable, Codable {
  /// The answer to the last nth-prime question, until dismissed.
  public var alertNthPrime: PrimeAlert?
  /// The count.
  public var count: Int
  /// Whether an nth-prime question is being answered; another cannot be asked meanwhile.
  public var isNthPrimeButtonDisabled: Bool
  /// Whether the is-this-prime modal is shown.
  public var isPrimeModalShown: Bool
  /// How far the nth-prime question in flight is answered, in percent, once the answer reports it; `nil`
  /// when no question is in flight.
  public var nthPrimeProgress: Int?
  /// Why the last action did not do what was asked, if it did not.
  public var problem: CounterProblem?
  /// The n of the nth-prime question the user withdrew (the count when they did), until the next action:
  /// `Stopped looking for the 7th prime.`
  public var withdrawnNthPrime: Int?

  /// Creates the counter's state; every field has the value of a fresh counter by default.
  public init(
    alertNthPrime: PrimeAlert? = nil,
    count: Int = 0,
    isNthPrimeButtonDisabled: Bool = false,
    isPrimeModalShown: Bool = false,
    nthPrimeProgress: Int? = nil,
    problem: CounterProblem? = nil,
    withdrawnNthPrime: Int? = nil
  ) {
    self.alertNthPrime = alertNthPrime
    self.count = count
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.isPrimeModalShown = isPrimeModalShown
    self.nthPrimeProgress = nthPrimeProgress
    self.problem = problem
    self.withdrawnNthPrime = withdrawnNthPrime
  }
}
