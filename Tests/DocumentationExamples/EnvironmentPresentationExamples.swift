import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of the environment-style `ifLet` over a presentation, compiled and run.

struct Binder: Equatable {
  var title = "Primes"
  @Presents var note: String?
}

enum BinderAction: Equatable, Sendable {
  case noteTapped
  case note(PresentationAction<NoteAction>)

  static let noteCase = CasePath(BinderAction.note) { if case .note(let action) = $0 { action } else { nil } }
}

enum NoteAction: Equatable, Sendable {
  case typed(String)
}

struct BinderEnvironment: Sendable {}

let binderCoreReducer: Reducer<Binder, BinderAction, BinderEnvironment> = { binder, action, _ in
  if case .noteTapped = action {
    binder.note = ""
  }
  return []
}

let noteReducer: Reducer<String, NoteAction, Void> = { note, action, _ in
  guard case .typed(let text) = action else { return [] }
  note += text
  return []
}

let binderReducer: Reducer<Binder, BinderAction, BinderEnvironment> = ifLet(
  binderCoreReducer,
  value: \.$note,
  action: BinderAction.noteCase,
  environment: { _ in () },
  then: noteReducer
)

struct Quiz: Equatable {
  @Presents var answer: Int?
}

enum QuizAction: Equatable, Sendable {
  case answerTapped
  case answer(PresentationAction<Never>)

  static let answerCase = CasePath(QuizAction.answer) { if case .answer(let action) = $0 { action } else { nil } }
}

let quizCoreReducer: Reducer<Quiz, QuizAction, Void> = { quiz, action, _ in
  if case .answerTapped = action {
    quiz.answer = 17
  }
  return []
}

let answerReducer: Reducer<Quiz, QuizAction, Void> = ifLet(
  quizCoreReducer,
  value: \.$answer,
  action: QuizAction.answerCase
)

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct EnvironmentPresentationExampleTests {
  @Test func theBinderPresentsItsNoteAndDismissesIt() async {
    let store = TestStore(initialState: Binder(), reducer: Reduce(binderReducer, environment: BinderEnvironment()))
    await store.send(.noteTapped) { $0.note = "" }
    await store.send(.note(.presented(.typed("7 is prime")))) { $0.note = "7 is prime" }
    await store.send(.note(.dismiss)) { $0.note = nil }
  }

  @Test func theQuizsAnswerIsTakenDownByDismiss() async {
    let store = TestStore(initialState: Quiz(), reducer: Reduce(answerReducer, environment: ()))
    await store.send(.answerTapped) { $0.answer = 17 }
    await store.send(.answer(.dismiss)) { $0.answer = nil }
  }
}
