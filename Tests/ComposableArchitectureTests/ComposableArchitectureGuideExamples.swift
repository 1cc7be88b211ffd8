// The examples of docs/ComposableArchitecture.md, compiled and run. ComposableArchitectureGuideTests checks
// that every Swift block of the guide appears here line for line.
import ComposableArchitecture

// MARK: A feature

struct CounterState: Equatable { var count = 0; var isRequestInFlight = false }
enum CounterAction: Equatable, Sendable { case incrTapped, nthPrimeButtonTapped, nthPrimeResponse(Int?) }
struct CounterEnvironment { var nthPrime: @Sendable (Int) -> Effect<Int?> }

let counterReducer: Reducer<CounterState, CounterAction, CounterEnvironment> = { state, action, environment in
  switch action {
  case .incrTapped:
    state.count += 1
    return []
  case .nthPrimeButtonTapped:
    state.isRequestInFlight = true
    return [environment.nthPrime(state.count).map(CounterAction.nthPrimeResponse)]
  case .nthPrimeResponse:
    state.isRequestInFlight = false
    return []
  }
}

// MARK: Composing it into an app

/// The favourites half of the guide's app: just enough to compose.
struct FavoritesState: Equatable { var primes: [Int] = [] }
enum FavoritesAction: Equatable, Sendable { case removeTapped(Int) }
struct FilesEnvironment {}

let favoritesReducer: Reducer<FavoritesState, FavoritesAction, FilesEnvironment> = { state, action, _ in
  switch action {
  case let .removeTapped(prime):
    state.primes.removeAll { $0 == prime }
    return []
  }
}

struct AppState: Equatable {
  var counter = CounterState()
  var favorites = FavoritesState()
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case favorites(FavoritesAction)

  static let counterCase = CasePath(AppAction.counter) { if case .counter(let a) = $0 { a } else { nil } }
  static let favoritesCase = CasePath(AppAction.favorites) { if case .favorites(let a) = $0 { a } else { nil } }
}

struct AppEnvironment {
  var counter: CounterEnvironment
  var files: FilesEnvironment
}

let appReducer: Reducer<AppState, AppAction, AppEnvironment> = combine(
  pullback(counterReducer, value: \AppState.counter, action: AppAction.counterCase, environment: { $0.counter }),
  pullback(favoritesReducer, value: \.favorites, action: AppAction.favoritesCase, environment: { $0.files })
)
