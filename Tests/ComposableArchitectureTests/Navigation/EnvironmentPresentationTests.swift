import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// A shelf that presents a note, written with environments: the environment-style `ifLet` over a
/// `PresentationState`.
private struct Shelf: Equatable, Codable {
  var log: [String] = []
  @Presents var note: Note?
  @Presents var answer: Int?
}

private struct Note: Equatable, Codable {
  var text = ""
}

private enum NoteAction: Equatable, Sendable {
  /// Types the environment's signature after the text.
  case signTapped
  /// Closes the note from its own effect, through the dismiss dependency.
  case doneTapped
  /// Starts an effect that never ends by itself.
  case waitTapped
}

private enum ShelfAction: Equatable, Sendable {
  case openTapped
  case note(PresentationAction<NoteAction>)
  case answer(PresentationAction<Never>)
  case answerTapped

  static let noteCase = CasePath(Self.note) { if case let .note(action) = $0 { action } else { nil } }
  static let answerCase = CasePath(Self.answer) { if case let .answer(action) = $0 { action } else { nil } }
}

private struct ShelfEnvironment: Sendable {
  var signature: String
}

private let noteReducer: Reducer<Note, NoteAction, String> = { note, action, signature in
  switch action {
  case .signTapped:
    note.text += signature
    return []
  case .doneTapped:
    @Dependency(\.dismiss) var dismiss
    return [.run { _ in await dismiss() }]
  case .waitTapped:
    return [.run { _ in try await Task.sleep(for: .seconds(3600)) }]
  }
}

private let shelfCoreReducer: Reducer<Shelf, ShelfAction, ShelfEnvironment> = { shelf, action, _ in
  switch action {
  case .openTapped:
    shelf.note = Note()
  case let .note(.presented(action)):
    shelf.log.append("saw \(action), note present: \(shelf.note != nil)")
  case .note(.dismiss):
    shelf.log.append("saw dismiss, note present: \(shelf.note != nil)")
  case .answer:
    shelf.log.append("saw the answer's action, answer present: \(shelf.answer != nil)")
  case .answerTapped:
    shelf.answer = 42
  }
  return []
}

private let shelfReducer: Reducer<Shelf, ShelfAction, ShelfEnvironment> = ifLet(
  ifLet(
    shelfCoreReducer,
    value: \.$note,
    action: ShelfAction.noteCase,
    environment: { $0.signature },
    then: noteReducer
  ),
  value: \.$answer,
  action: ShelfAction.answerCase
)

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct EnvironmentPresentationTests {
  private func store(_ shelf: Shelf = Shelf()) -> TestStore<Shelf, ShelfAction> {
    TestStore(initialState: shelf, reducer: Reduce(shelfReducer, environment: ShelfEnvironment(signature: " —A")))
  }

  @Test func thePresentedChildRunsWithItsSliceOfTheEnvironmentThenTheParentSeesIt() async {
    let store = store()
    await store.send(.openTapped) { $0.note = Note() }
    await store.send(.note(.presented(.signTapped))) {
      $0.note?.text = " —A"
      $0.log = ["saw signTapped, note present: true"]
    }
  }

  @Test func dismissIsSeenByTheParentWithTheChildThereThenTakesItDown() async {
    let store = store()
    await store.send(.openTapped) { $0.note = Note() }
    await store.send(.note(.dismiss)) {
      $0.note = nil
      $0.log = ["saw dismiss, note present: true"]
    }
  }

  @Test func theChildClosesItselfThroughTheDismissDependency() async {
    let store = store()
    await store.send(.openTapped) { $0.note = Note() }
    await store.send(.note(.presented(.doneTapped))) {
      $0.log = ["saw doneTapped, note present: true"]
    }
    await store.receive(.note(.dismiss)) {
      $0.note = nil
      $0.log.append("saw dismiss, note present: true")
    }
    await store.finish()
  }

  @Test func dismissingTheChildEndsItsEffects() async {
    let store = store()
    await store.send(.openTapped) { $0.note = Note() }
    await store.send(.note(.presented(.waitTapped))) {
      $0.log = ["saw waitTapped, note present: true"]
    }
    // Without the presentation ending the hour-long wait, the store would report an effect still running.
    await store.send(.note(.dismiss)) {
      $0.note = nil
      $0.log.append("saw dismiss, note present: true")
    }
    await store.finish()
  }

  @Test func aChildWithoutLogicIsTakenDownByDismiss() async {
    let store = store()
    await store.send(.answerTapped) { $0.answer = 42 }
    await store.send(.answer(.dismiss)) {
      $0.answer = nil
      $0.log = ["saw the answer's action, answer present: true"]
    }
  }

  @Test func anActionForAnAbsentChildIsIgnoredWithAWarning() async {
    let store = store()
    await withKnownIssue {
      await store.send(.note(.presented(.signTapped))) {
        $0.log = ["saw signTapped, note present: false"]
      }
    }
    #expect(store.state.note == nil)
  }

  /// A recording counts what a reducer returned; the cancellation that ends a dismissed child's effects is the
  /// library's and follows from the state, so recordings made before a feature became a presentation still
  /// replay.
  @Test func theCancellationThatEndsADismissedChildIsNotCountedAsTheReducers() {
    var shelf = Shelf(note: Note())
    let environment = ShelfEnvironment(signature: "")
    let effects = shelfReducer(&shelf, .note(.dismiss), environment)
    #expect(shelf.note == nil)
    #expect(!effects.isEmpty, "the child's effects are cancelled")
    #expect(EffectSummary(effects) == .noEffect)
    #expect(EffectSummary(Effect<Int>.cancel(id: "search")).cancel == 1)
  }

  @Test func aPresentationIsCodedAsAnOptionalField() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var shelf = Shelf()
    #expect(String(decoding: try encoder.encode(shelf), as: UTF8.self) == #"{"log":[]}"#)
    shelf.answer = 42
    #expect(String(decoding: try encoder.encode(shelf), as: UTF8.self) == #"{"answer":42,"log":[]}"#)
    let read = try JSONDecoder().decode(Shelf.self, from: Data(#"{"log":["a"]}"#.utf8))
    #expect(read == Shelf(log: ["a"]))
    #expect(try JSONDecoder().decode(Shelf.self, from: Data(#"{"log":[],"note":null}"#.utf8)) == Shelf())
  }
}
