import ComposableArchitecture
import Counter
import FavoritePrimes
import Foundation
import PrimeTimeApp

/// The original app's user stories, each a script of what a person does, and the recorder that runs one
/// through `primeTimeReducer` with in-memory clients (activity dated ``noon``) and writes its recording.
///
/// The recordings in `Tests/AppTests/Recordings/` are these scripts' output: `RecordedStoriesTests` replays
/// them, and checks that recording the stories today writes them again byte for byte. Run the tests with
/// `PRIMETIME_RECORD_STORIES=1` to write them afresh after a change of behaviour meant to be.
enum RecordedStories {
  /// One story: its file name, the favourites and history it starts with, and what the person does.
  struct Story: Sendable {
    let name: String
    var favoritePrimes: [Int] = []
    var activity: [Activity] = []
    let script: @MainActor @Sendable (Store<AppState, AppAction>) async -> Void
  }

  /// The environment a replay runs the reducer with. Effects never run in a replay, but the counter's reducer
  /// calls the nth-prime client to build its effect, so the client must build one without failing the test;
  /// the activity client is only called inside effects.
  static let replayEnvironment = AppEnvironment.replaying

  /// The directory of the shipped recordings.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Recordings"
  )

  /// The recording of `story` in ``directory``.
  static func url(of story: Story) -> URL {
    directory.appendingPathComponent(story.name + ".jsonl")
  }

  static let all: [Story] = [
    Story(name: "count") { store in
      await store.send(.launched).finish()
      store.send(.counterView(.counter(.incrTapped)))
      store.send(.counterView(.counter(.incrTapped)))
      store.send(.counterView(.counter(.incrTapped)))
      store.send(.counterView(.counter(.decrTapped)))
      store.send(.counterView(.counter(.countEntered(10))))
    },
    Story(name: "prime-modal-and-favorite") { store in
      await store.send(.launched).finish()
      store.send(.counterView(.counter(.countEntered(7))))
      store.send(.counterView(.counter(.isPrimeButtonTapped)))
      await store.send(.counterView(.primeModal(.presented(.saveFavoritePrimeTapped)))).finish()
      store.send(.counterView(.primeModal(.dismiss)))
      store.send(.counterView(.counter(.countEntered(8))))
      store.send(.counterView(.counter(.isPrimeButtonTapped)))
      store.send(.counterView(.primeModal(.presented(.saveFavoritePrimeTapped))))
      store.send(.counterView(.counter(.okTapped)))
    },
    Story(name: "nth-prime") { store in
      await store.send(.launched).finish()
      store.send(.counterView(.counter(.countEntered(7))))
      await store.send(.counterView(.counter(.nthPrimeButtonTapped))).finish()
      store.send(.counterView(.counter(.alertNthPrime(.dismiss))))
      store.send(.counterView(.counter(.countEntered(0))))
      await store.send(.counterView(.counter(.nthPrimeButtonTapped))).finish()
    },
    Story(name: "favorites-delete-several", favoritePrimes: [2, 3, 5, 7, 11]) { store in
      await store.send(.launched).finish()
      store.send(.tabSelected(.favorites))
      await store.send(.favoritePrimes(.deleteFavoritePrimes([0, 2, 3]))).finish()
      store.send(.favoritePrimes(.deleteFavoritePrimes([5])))
    },
    Story(
      name: "activity",
      favoritePrimes: [2, 3],
      activity: (1...30).map { id in
        Activity(
          id: Int64(id), timestamp: noon, type: id.isMultiple(of: 2) ? .removedFavoritePrime(5) : .addedFavoritePrime(5)
        )
      }
    ) { store in
      await store.send(.launched).finish()
      // Awaited: the tab's sync and the request for all activity would otherwise race on a loaded machine, and
      // the recording would hold their answers in either order.
      await store.send(.tabSelected(.activity)).finish()
      await store.send(.allActivityRequested).finish()
      store.send(.counterView(.counter(.countEntered(3))))
      store.send(.counterView(.counter(.isPrimeButtonTapped)))
      await store.send(.counterView(.primeModal(.presented(.removeFavoritePrimeTapped)))).finish()
    },
  ]

  /// The recording of `story` run now, as its file holds it: the lines, each ended by a newline.
  @MainActor
  static func record(_ story: Story) async -> String {
    let memory = FavoritePrimesMemory(favoritePrimes: story.favoritePrimes, activity: story.activity) { noon }
    let lines = Lines()
    await withDependencies {
      $0.favoritePrimesClient = .inMemory(memory)
      $0.activityClient = .inMemory(memory)
    } operation: {
      let store = Store(
        initialValue: AppState(),
        reducer: primeTimeReducer,
        environment: AppEnvironment(nthPrime: .answering(primes: [7: 17]))
      )
      let recorder = Recorder<AppState, AppAction>(snapshotInterval: 1, program: "primetime") { lines.all.append($0) }
      store.record(to: recorder)
      await story.script(store)
      recorder.finish(with: store.value)
    }
    return lines.all.map { $0 + "\n" }.joined()
  }

  /// The lines a recorder wrote.
  private final class Lines {
    var all: [String] = []
  }
}
