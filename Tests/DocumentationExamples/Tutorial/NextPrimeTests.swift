import ComposableArchitecture
import ComposableArchitectureTestSupport
import NextPrimeFeature
import NextPrimeLive
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NextPrimeTests {
  @Test func searchingShowsTheFirstPrimeAboveTheNumber() async {
    let store = TestStore(initialState: NextPrime.State(number: 7)) {
      NextPrime()
    } withDependencies: {
      $0.primeSearch.nextPrime = { _ in 11 }
    }

    await store.send(.searchButtonTapped) {
      $0.isSearching = true
    }
    await store.receive(.searchResponse(11)) {
      $0.isSearching = false
      $0.prime = 11
    }
    await store.finish()
  }

  @Test func theSearchIsForTheNumberShown() async {
    let asked = CallLog<Int>()
    let store = TestStore(initialState: NextPrime.State(number: 7)) {
      NextPrime()
    } withDependencies: {
      $0.primeSearch.nextPrime = { number in
        asked.append(number)
        return 11
      }
    }

    await store.send(.numberChanged(13)) {
      $0.number = 13
    }
    await store.send(.searchButtonTapped) {
      $0.isSearching = true
    }
    await store.receive(.searchResponse(11)) {
      $0.isSearching = false
      $0.prime = 11
    }
    await store.finish()
    #expect(asked.values == [13])
  }

  @Test func cancellingTheSearchSendsNothingBack() async {
    let store = TestStore(initialState: NextPrime.State(number: 7)) {
      NextPrime()
    } withDependencies: {
      $0.primeSearch.nextPrime = { _ in
        try await Task.sleep(for: .seconds(60))
        return 11
      }
    }

    await store.send(.searchButtonTapped) {
      $0.isSearching = true
    }
    await store.send(.cancelButtonTapped) {
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func aFailedSearchSaysWhy() async {
    let store = TestStore(initialState: NextPrime.State(number: .max)) {
      NextPrime()
    } withDependencies: {
      $0.primeSearch.nextPrime = { number in throw NoPrimeFound(number: number) }
    }

    await store.send(.searchButtonTapped) {
      $0.isSearching = true
    }
    await store.receive(.searchFailed("There is no prime above \(Int.max) that fits in an Int.")) {
      $0.isSearching = false
      $0.problem = "There is no prime above \(Int.max) that fits in an Int."
    }
    await store.finish()
  }

  @Test func theStoreRunsTheFeatureWithThePreviewSearch() async {
    let store = Store(initialState: NextPrime.State(number: 7)) {
      NextPrime().dependency(\.primeSearch, .previewValue)
    }

    await store.send(.searchButtonTapped).finish()

    #expect(store.value.prime == 11)
    #expect(store.value.isSearching == false)
  }

  @Test func theLiveSearchFindsTheNextPrime() async throws {
    let search = PrimeSearchClient.liveValue
    #expect(try await search.nextPrime(-5) == 2)
    #expect(try await search.nextPrime(7) == 11)
    #expect(try await search.nextPrime(7_919) == 7_927)
    await #expect(throws: NoPrimeFound(number: .max - 1)) {
      try await search.nextPrime(.max - 1)
    }
  }
}
