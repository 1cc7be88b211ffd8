import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of EffectsAndCancellation.md, compiled and run.

// MARK: A search that waits for the typing to stop

struct PrimeQuery: ReducerProtocol {
  struct State: Equatable {
    var query = ""
    var results: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([Int])
  }

  enum CancelID: Hashable, Sendable {
    case search
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      guard let limit = Int(query), limit >= 2, limit <= 10_000 else {
        state.results = []
        return .cancel(id: CancelID.search)
      }
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.searchResponse(Self.primes(upTo: limit)))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchResponse(results):
      state.results = results
      return .none
    }
  }

  static func primes(upTo limit: Int) -> [Int] {
    (2...max(2, limit)).filter { n in !(2..<n).contains { n.isMultiple(of: $0) } }
  }
}

// MARK: Sending several actions, in order

struct Launch: ReducerProtocol {
  struct State: Equatable {
    var ticks: [Int] = []
    var hasLaunched = false
  }

  enum Action: Equatable, Sendable {
    case launchButtonTapped
    case liftedOff
    case ticked(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .launchButtonTapped:
      return .concatenate(.send(.ticked(3)), .send(.ticked(2)), .send(.ticked(1)), .send(.liftedOff))
    case .liftedOff:
      state.hasLaunched = true
      return .none
    case let .ticked(tick):
      state.ticks.append(tick)
      return .none
    }
  }
}

// MARK: Cancelling part of an effect from another

struct Downloader: ReducerProtocol {
  struct State: Equatable {
    var isDownloading = false
    var size: Int?
  }

  enum Action: Equatable, Sendable {
    case downloadButtonTapped
    case finished(Int)
    case stopButtonTapped
    case stopped
  }

  enum CancelID: Hashable, Sendable {
    case download
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .downloadButtonTapped:
      state.isDownloading = true
      return .run { [clock] send in
        do {
          let size = try await withTaskCancellation(id: CancelID.download) {
            try await clock.sleep(for: .seconds(10))
            return 1_024
          }
          await send(.finished(size))
        } catch is CancellationError {
          await send(.stopped)
        }
      }

    case let .finished(size):
      state.isDownloading = false
      state.size = size
      return .none

    case .stopButtonTapped:
      return .run { _ in
        await Task.cancel(id: CancelID.download)
      }

    case .stopped:
      state.isDownloading = false
      return .none
    }
  }
}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct EffectsExampleTests {
  @Test func onlyTheLastQueryIsSearched() async {
    let store = TestStore(initialState: PrimeQuery.State(), reducer: PrimeQuery()) {
      $0.clock = ImmediateClock()
    }

    await store.send(.queryChanged("1")) { $0.query = "1" }
    await store.send(.queryChanged("10")) { $0.query = "10" }
    await store.receive(.searchResponse([2, 3, 5, 7])) { $0.results = [2, 3, 5, 7] }
    await store.finish()
  }

  @Test func aQueryThatIsNoNumberCancelsTheSearch() async {
    let store = TestStore(initialState: PrimeQuery.State(), reducer: PrimeQuery()) {
      $0.clock = ContinuousClock()
    }

    await store.send(.queryChanged("10")) { $0.query = "10" }
    await store.send(.queryChanged("ten")) { $0.query = "ten" }
    await store.finish()
  }

  @Test func concatenateSendsEachActionAfterThePreviousOne() async {
    let store = TestStore(initialState: Launch.State(), reducer: Launch())

    await store.send(.launchButtonTapped)
    await store.receive(.ticked(3)) { $0.ticks = [3] }
    await store.receive(.ticked(2)) { $0.ticks = [3, 2] }
    await store.receive(.ticked(1)) { $0.ticks = [3, 2, 1] }
    await store.receive(.liftedOff) { $0.hasLaunched = true }
    await store.finish()
  }

  @Test func stoppingCancelsTheDownloadAndTheEffectSaysSo() async {
    let clock = StalledClock()
    let store = TestStore(initialState: Downloader.State(), reducer: Downloader()) {
      $0.clock = clock
    }

    await store.send(.downloadButtonTapped) { $0.isDownloading = true }
    await clock.firstSleepStarted()
    await store.send(.stopButtonTapped)
    await store.receive(.stopped) { $0.isDownloading = false }
    await store.finish()
  }

  @Test func anUninterruptedDownloadFinishes() async {
    let store = TestStore(initialState: Downloader.State(), reducer: Downloader()) {
      $0.clock = ImmediateClock()
    }

    await store.send(.downloadButtonTapped) { $0.isDownloading = true }
    await store.receive(.finished(1_024)) {
      $0.isDownloading = false
      $0.size = 1_024
    }
    await store.finish()
  }
}

/// A clock whose sleeps end only when cancelled, and that says when something first sleeps on it: a test then
/// knows the download is under way, and it stays under way until the test stops it, however long a busy
/// machine keeps the test from its next step.
final class StalledClock: Clock, Sendable {
  private let base = ContinuousClock()
  private let sleeps: AsyncStream<Void>
  private let sleepStarted: AsyncStream<Void>.Continuation

  init() {
    (sleeps, sleepStarted) = AsyncStream.makeStream(of: Void.self)
  }

  var now: ContinuousClock.Instant { base.now }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    sleepStarted.yield()
    while true {
      try await Task.sleep(for: .seconds(3_600))
    }
  }

  /// Returns once a sleep has started (at once if one already has).
  func firstSleepStarted() async {
    for await _ in sleeps { return }
  }
}
