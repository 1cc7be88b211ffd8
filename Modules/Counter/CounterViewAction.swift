import ComposableArchitecture
public import PrimeModal

/// What the user did on the counter screen: on the counter itself, or in its is-this-prime modal.
public enum CounterViewAction: Equatable, Sendable, Codable {
  /// An action of the counter.
  case counter(CounterAction)
  /// An action of the modal.
  case primeModal(PrimeModalAction)

  static let counterCase = CasePath(Self.counter) { if case let .counter(action) = $0 { action } else { nil } }
  static let primeModalCase = CasePath(Self.primeModal) {
    if case let .primeModal(action) = $0 { action } else { nil }
  }
}
