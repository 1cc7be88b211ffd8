public import ComposableArchitecture

/// The tutorial's feature: a number, and a search for the first prime above it that the user can cancel.
public struct NextPrime: ReducerProtocol {
  public struct State: Equatable {
    public var number: Int
    public var prime: Int?
    public var isSearching = false
    public var problem: String?

    public init(number: Int = 0) {
      self.number = number
    }
  }

  public enum Action: Equatable, Sendable {
    case cancelButtonTapped
    case numberChanged(Int)
    case searchButtonTapped
    case searchFailed(String)
    case searchResponse(Int)
  }

  enum CancelID: Hashable, Sendable {
    case search
  }

  @Dependency(\.primeSearch) var primeSearch

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      state.isSearching = false
      return .cancel(id: CancelID.search)

    case let .numberChanged(number):
      state.number = number
      state.prime = nil
      state.isSearching = false
      return .cancel(id: CancelID.search)

    case .searchButtonTapped:
      state.isSearching = true
      state.prime = nil
      state.problem = nil
      let number = state.number
      return .run { [primeSearch] send in
        await send(.searchResponse(try await primeSearch.nextPrime(number)))
      } catch: { _, send in
        await send(.searchFailed("There is no prime above \(number) that fits in an Int."))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchFailed(problem):
      state.isSearching = false
      state.problem = problem
      return .none

    case let .searchResponse(prime):
      state.isSearching = false
      state.prime = prime
      return .none
    }
  }
}
