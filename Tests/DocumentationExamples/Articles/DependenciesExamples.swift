import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

// The examples of Dependencies.md, compiled and run.

// MARK: Declaring a dependency

struct Note: Equatable, Identifiable, Sendable {
  var id: UUID
  var text: String
  var created: Date
}

struct NotesClient: Sendable {
  var load: @Sendable () async throws -> [Note]
  var save: @Sendable ([Note]) async throws -> Void
}

extension NotesClient {
  /// Keeps the notes in memory: for previews, demos and tests.
  static func inMemory(_ notes: [Note] = []) -> NotesClient {
    let stored = Mutex(notes)
    return NotesClient(
      load: { stored.withLock { $0 } },
      save: { notes in stored.withLock { $0 = notes } }
    )
  }
}

// In the feature's module: the interface, its test and preview values, and the accessor.
extension NotesClient: TestDependencyKey {
  static let testValue = NotesClient(
    load: {
      reportIssue("NotesClient.load was called, but this test did not stub it")
      return []
    },
    save: { _ in
      reportIssue("NotesClient.save was called, but this test did not stub it")
    }
  )

  static var previewValue: NotesClient { .inMemory() }
}

extension DependencyValues {
  var notes: NotesClient {
    get { self[NotesClient.self] }
    set { self[NotesClient.self] = newValue }
  }
}

// In the live module, which only the executable imports.
extension NotesClient: DependencyKey {
  static var liveValue: NotesClient { .inMemory() }
}

// MARK: Reading dependencies in a reducer

struct Notebook: ReducerProtocol {
  struct State: Equatable {
    var draft = ""
    var notes: [Note] = []
    var problem: String?
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
    case draftChanged(String)
    case saveFailed
    case saved
  }

  @Dependency(\.date) var date
  @Dependency(\.notes) var notesClient
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.notes.append(Note(id: uuid(), text: state.draft, created: date.now))
      state.draft = ""
      let notes = state.notes
      return .run { [notesClient] send in
        try await notesClient.save(notes)
        await send(.saved)
      } catch: { _, send in
        await send(.saveFailed)
      }

    case let .draftChanged(text):
      state.draft = text
      return .none

    case .saveFailed:
      state.problem = "The notes could not be saved."
      return .none

    case .saved:
      state.problem = nil
      return .none
    }
  }
}

/// A failure for the examples to simulate.
struct DiskFull: Error {}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DependenciesExampleTests {
  @Test func aNewNoteIsStampedAndTheListSaved() async {
    let saved = CallLog<[Note]>()
    let store = TestStore(initialState: Notebook.State(draft: "Buy milk"), reducer: Notebook()) {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.uuid = .incrementing
      $0.notes.save = { saved.append($0) }
    }

    let note = Note(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID(),
      text: "Buy milk",
      created: Date(timeIntervalSince1970: 0)
    )
    await store.send(.addButtonTapped) {
      $0.draft = ""
      $0.notes = [note]
    }
    await store.receive(.saved)
    await store.finish()
    #expect(saved.values == [[note]])
  }

  @Test func aReducerRunsWithTheDependenciesItsOperatorsGiveIt() async throws {
    let notes = NotesClient.inMemory()
    let store = Store(
      initialState: Notebook.State(draft: "Call back"),
      reducer: Notebook()
        .dependency(\.notes, notes)
        .dependency(\.uuid, .incrementing)
        .dependency(\.date, .constant(Date(timeIntervalSince1970: 60)))
    )

    await store.send(.addButtonTapped).finish()

    #expect(try await notes.load().map(\.text) == ["Call back"])
  }

  @Test func transformDependencyReplacesOneEndpointAndKeepsTheOthers() async throws {
    let notes = NotesClient.inMemory([])
    let store = Store(
      initialState: Notebook.State(draft: "Lost"),
      reducer: Notebook()
        .transformDependency(\.notes) { client in
          client.save = { _ in throw DiskFull() }
        }
        .dependency(\.notes, notes)
        .dependency(\.uuid, .incrementing)
        .dependency(\.date, .constant(Date(timeIntervalSince1970: 60)))
    )

    await store.send(.addButtonTapped).finish()

    #expect(store.value.problem == "The notes could not be saved.")
    #expect(try await notes.load() == [])
  }

  @Test func withDependenciesOverridesForAScopeOnly() async throws {
    let loaded = try await withDependencies {
      $0.notes = .inMemory([Note(id: UUID(), text: "From the scope", created: Date(timeIntervalSince1970: 0))])
    } operation: {
      @Dependency(\.notes) var notes
      return try await notes.load()
    }
    #expect(loaded.map(\.text) == ["From the scope"])
  }
}
