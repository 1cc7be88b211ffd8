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

// MARK: Two styles in one app: PrimeTime's counter and favourites

// PrimeTime's own features, not stand-ins: the counter's environment is its `NthPrimeClient`.
import ComposableArchitectureTestSupport
import Counter
import FavoritePrimes
import Testing

/// The guide's two-style app: PrimeTime's counter screen and favourites side by side.
struct Screens: Equatable {
  var counterView = CounterViewState()
  var favorites = FavoritePrimesState()
}

enum ScreensAction: Equatable, Sendable {
  case counterView(CounterViewAction)
  case favorites(FavoritePrimesAction)

  static let counterViewCase = CasePath(Self.counterView) { if case .counterView(let a) = $0 { a } else { nil } }
  static let favoritesCase = CasePath(Self.favorites) { if case .favorites(let a) = $0 { a } else { nil } }
}

struct ScreensEnvironment: Sendable {
  var nthPrime: NthPrimeClient
}

let screensReducer: Reducer<Screens, ScreensAction, ScreensEnvironment> = combine(
  // Environment style: the counter gets its slice of the parent's environment.
  pullback(counterViewReducer, value: \Screens.counterView, action: ScreensAction.counterViewCase, environment: {
    $0.nthPrime
  }),
  // Protocol style: FavoritePrimes needs no environment; it reads its client from the dependencies.
  pullback(FavoritePrimes().asReducer(), value: \Screens.favorites, action: ScreensAction.favoritesCase, environment: {
    (_: ScreensEnvironment) in ()
  })
)

/// The section's test-side and store-side examples, run.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TwoStylesGuideExamples {
  @Test func eachStyleIsTestedWithItsOwnTool() async {
    // Environment style: the test hands the reducer its environment.
    await assert(
      initialValue: CounterViewState(counter: .init(count: 6)),
      reducer: counterViewReducer,
      environment: NthPrimeClient { _ in .sync { .answer(13) } },
      steps:
        Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
        Step(.receive, .counter(.nthPrimeResponse(n: 6, prime: 13))) {
          $0.counter.isNthPrimeButtonDisabled = false
          $0.counter.alertNthPrime = PrimeAlert(n: 6, prime: 13)
        }
    )

    // Protocol style: the test overrides the dependency the reducer reads.
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = .inMemory([31])
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [31]))) { $0.favoritePrimes = [31] }
    await store.finish()
  }

  @Test func oneStoreRunsBoth() async {
    let store = Store(
      initialState: Screens(),
      reducer: Reduce(screensReducer, environment: ScreensEnvironment(nthPrime: .answering(primes: [1: 2])))
        .dependency(\.favoritePrimesClient, .inMemory([2, 31]))
    )
    await store.send(.counterView(.counter(.incrTapped))).finish()
    await store.send(.favorites(.loadButtonTapped)).finish()
    // The counter counted with its environment; the favourites loaded through the dependency.
    #expect(store.value.counterView.counter.count == 1)
    #expect(store.value.favorites.favoritePrimes == [2, 31])
  }
}
