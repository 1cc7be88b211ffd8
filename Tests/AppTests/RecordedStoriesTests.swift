import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import PrimeTimeApp
import Testing

/// The shipped recordings of the original app's user stories: each replays faithfully through
/// `primeTimeReducer`, each is what recording its story writes today, and a planted change of behaviour makes
/// a replay fail with a diff.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct RecordedStoriesTests {
  @Test(arguments: RecordedStories.all.map(\.name))
  func theShippedRecordingReplaysFaithfully(story: String) {
    assertReplay(
      of: RecordedStories.directory.appendingPathComponent(story + ".jsonl"),
      reducer: primeTimeReducer,
      environment: RecordedStories.replayEnvironment
    )
  }

  /// A recording made before the modal and the nth-prime answer were presentations (the modal's actions bare,
  /// OK closing the open modal with no cancellation counted) replays faithfully today.
  @Test func aRecordingMadeBeforeTheModalWasAPresentationReplays() {
    assertReplay(
      of: RecordedStories.directory.appendingPathComponent("Older/prime-modal-before-presentations.jsonl"),
      reducer: primeTimeReducer,
      environment: RecordedStories.replayEnvironment
    )
  }

  /// Each shipped recording ends as a run that ended normally does, with the state it ended in, so its replay
  /// checks that state and never says the run "did not end normally".
  @Test(arguments: RecordedStories.all.map(\.name))
  func theShippedRecordingEndsWithTheStateItEndedIn(story: String) throws {
    let url = RecordedStories.directory.appendingPathComponent(story + ".jsonl")
    let lacksItsEnd = try Recording<AppState, AppAction>(contentsOf: url).lacksItsEnd
    #expect(!lacksItsEnd, "\(story).jsonl has no end line")
  }

  /// Recording the story again writes the shipped file byte for byte: the effects' results too are what they
  /// were (a replay takes them from the file; this runs them). With `PRIMETIME_RECORD_STORIES=1` it writes
  /// the file instead.
  @Test(arguments: RecordedStories.all.map(\.name))
  func recordingTheStoryTodayWritesTheShippedRecording(story name: String) async throws {
    let story = try #require(RecordedStories.all.first { $0.name == name })
    let recorded = await RecordedStories.record(story)
    let url = RecordedStories.url(of: story)
    if ProcessInfo.processInfo.environment["PRIMETIME_RECORD_STORIES"] == "1" {
      try recorded.write(to: url, atomically: true, encoding: .utf8)
    }
    #expect(recorded == (try String(contentsOf: url, encoding: .utf8)))
  }

  @Test func aReducerThatCountsByTwoFailsTheReplayWithADiff() async {
    let countingByTwo: Reducer<AppState, AppAction, AppEnvironment> = { state, action, environment in
      let effects = primeTimeReducer(&state, action, environment)
      if case .counterView(.counter(.incrTapped)) = action {
        state.counter.count += 1
      }
      return effects
    }
    let callLine = #line + 2
    let failures = await collectTestFailures {
      assertReplay(
        of: RecordedStories.directory.appendingPathComponent("count.jsonl"), reducer: countingByTwo,
        environment: RecordedStories.replayEnvironment
      )
    }
    #expect(failures.map(\.line) == [UInt(callLine)])
    #expect(failures.first?.message.contains("count.jsonl: Replay diverged at step") == true)
    #expect(failures.first?.message.contains("(user action AppAction.counterView(.counter(.incrTapped)))") == true)
    #expect(failures.first?.message.contains("\n−     count: 1,\n+     count: 2,\n") == true)
  }
}
