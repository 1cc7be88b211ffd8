public import PrimeModalTerminal

/// A command of the counter screen: its buttons, OK, and the modal's buttons.
public enum CounterCommand: Equatable, Sendable {
  /// Count up by one (`+`).
  case increment
  /// Count down by one (`-`).
  case decrement
  /// Set the count (`set N`).
  case set(Int)
  /// Ask whether the count is prime, opening the modal (`prime`); with a number, set the count to it first
  /// (`prime 97`).
  case isThisPrime(Int?)
  /// Ask for the nth prime, where n is the count (`nth`); with a number, set the count to it first
  /// (`nth 100`).
  case nthPrime(Int?)
  /// Close what is on top: the modal, else the nth-prime answer (`ok`).
  case dismiss
  /// A button of the modal (`fav`, `unfav`), which opens it first as a tap on "Is this prime?" would.
  case primeModal(PrimeModalCommand)
}
