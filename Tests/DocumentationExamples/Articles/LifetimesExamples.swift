import ComposableArchitecture
import ComposableArchitectureTestSupport
import Dispatch
import Foundation
import Testing

// The examples of DependencyLifetimes.md, compiled and run.

// MARK: An object keeps the dependencies it was made with

@MainActor
final class NotesModel {
  @Dependency(\.notes) var notes

  func titles() async throws -> [String] {
    try await notes.load().map(\.text)
  }

  func makeEditor() -> NotesModel {
    withDependencies(from: self) {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      NotesModel()
    }
  }
}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DependencyLifetimesExampleTests {
  static let shopping = [Note(id: UUID(), text: "Buy milk", created: Date(timeIntervalSince1970: 0))]

  @Test func anObjectKeepsTheOverridesInEffectWhereItWasMade() async throws {
    let model = withDependencies {
      $0.notes = .inMemory(Self.shopping)
    } operation: {
      NotesModel()
    }
    // The scope has ended, but the model still reads the notes it was made with.
    #expect(try await model.titles() == ["Buy milk"])
  }

  @Test func aChildMadeWithDependenciesFromItsParentInheritsTheParentsOverrides() async throws {
    let parent = withDependencies {
      $0.notes = .inMemory(Self.shopping)
    } operation: {
      NotesModel()
    }
    let editor = parent.makeEditor()
    #expect(try await editor.titles() == ["Buy milk"])
  }

  @Test func anEscapingClosureSeesTheOverridesItWasHanded() async {
    let titles = await withDependencies {
      $0.notes = .inMemory(Self.shopping)
    } operation: {
      await withCheckedContinuation { continuation in
        withEscapedDependencies { dependencies in
          DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
            dependencies.yield {
              @Dependency(\.notes) var notes
              Task {
                continuation.resume(returning: (try? await notes.load().map(\.text)) ?? [])
              }
            }
          }
        }
      }
    }
    #expect(titles == ["Buy milk"])
  }

  @Test func aStoreRunsEveryActionWithTheDependenciesItWasCreatedWith() async throws {
    let notes = NotesClient.inMemory()
    let store = withDependencies {
      $0.notes = notes
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      Store(initialState: Notebook.State(draft: "Later"), reducer: Notebook())
    }

    // Sent outside the scope: the store still uses the values it was created with.
    await store.send(.addButtonTapped).finish()
    #expect(try await notes.load().map(\.text) == ["Later"])
  }
}
