import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Keeps docs/ComposableArchitecture.md true: its Swift examples are the compiled ones of
/// ComposableArchitectureGuideExamples.swift, and the app they compose runs.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ComposableArchitectureGuideTests {
  @Test func everySwiftExampleOfTheGuideIsCompiledHere() throws {
    try GuideExamples.expectEverySwiftExample(
      of: "../../docs/ComposableArchitecture.md",
      isIn: ["ComposableArchitectureGuideExamples.swift"],
      minimumCount: 2
    )
  }

  @Test func theGuidesAppRunsItsCounterThroughThePullback() async {
    await assert(
      initialValue: AppState(favorites: FavoritesState(primes: [2, 3])),
      reducer: appReducer,
      environment: AppEnvironment(counter: CounterEnvironment { _ in .sync { 17 } }, files: FilesEnvironment()),
      steps:
        Step(.send, .counter(.incrTapped)) { $0.counter.count = 1 },
        Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isRequestInFlight = true },
        Step(.receive, .counter(.nthPrimeResponse(17))) { $0.counter.isRequestInFlight = false },
        Step(.send, .favorites(.removeTapped(2))) { $0.favorites.primes = [3] }
    )
  }
}
