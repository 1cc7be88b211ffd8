public import ComposableArchitecture

/// The tutorial's feature: a number, and a search for the first prime above it that the user can cancel.
public struct NextPrime: ReducerProtocol {
  /// What the screen shows.
  public struct State: Equatable {
    /// The number to search above.
    public var number: Int
    /// The first prime above `number`, once a search found it.
    public var prime: Int?
    /// Whether a search is running.
    public var isSearching = false
    /// Why the last search failed, if it did.
    public var problem: String?

    /// A state showing `number`, before any search.
    public init(number: Int = 0) {
      self.number = number
    }
  }

  /// What can happen: what the user did, and what the search sent back.
  public enum Action: Equatable, Sendable {
    /// The user stopped the search.
    case cancelButtonTapped
    /// The user typed another number.
    case numberChanged(Int)
    /// The user asked for the next prime.
    case searchButtonTapped
    /// The search failed; the payload says why, in a sentence.
    case searchFailed(String)
    /// The search found this prime.
    case searchResponse(Int)
  }

  enum CancelID: Hashable, Sendable {
    case search
  }

  @Dependency(\.primeSearch) var primeSearch

  /// The feature, reading its search from the dependencies in effect where it runs.
  public init() {}

  /// Changes the state for `action`, and returns the search to run or cancel.
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
