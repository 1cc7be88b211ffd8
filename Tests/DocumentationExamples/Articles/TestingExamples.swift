import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

// The examples of TestingAFeature.md (ComposableArchitectureTestSupport's catalog), compiled and run.

@MainActor
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
struct NotebookTests {
  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func aFailedSaveIsShown() async {
    let store = TestStore(initialState: Notebook.State(draft: "Buy milk"), reducer: Notebook()) {
      $0.notes.save = { _ in throw DiskFull() }
    }

    await store.send(.addButtonTapped) {
      $0.draft = ""
      $0.notes = [
        Note(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID(),
          text: "Buy milk",
          created: Date(timeIntervalSince1970: 0)
        )
      ]
    }
    await store.receive(.saveFailed) {
      $0.problem = "The notes could not be saved."
    }
    await store.finish()
  }

  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func aTestCanAssertOnlyWhatItCaresAbout() async {
    let store = TestStore(initialState: Notebook.State(draft: "Buy milk"), reducer: Notebook()) {
      $0.notes = .inMemory()
    }
    store.exhaustivity = .off

    await store.send(.addButtonTapped)
    await store.receive { $0 == .saved }
    #expect(store.state.notes.map(\.text) == ["Buy milk"])
  }

  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func aFewStepsCanBeNonExhaustive() async {
    let store = TestStore(initialState: Notebook.State(draft: "Buy milk"), reducer: Notebook()) {
      $0.notes = .inMemory()
    }

    await store.withExhaustivity(.off) {
      await store.send(.addButtonTapped)
    }
    await store.receive(.saved)
    await store.finish()
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreFailureExampleTests {
  @Test func aStepThatDescribesTheWrongChangeFailsWithADiff() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Notebook.State(), reducer: Notebook())
      await store.send(.draftChanged("Buy milk")) {
        $0.draft = "Buy bread"
      }
    }

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains(#"−   draft: "Buy bread","#) == true)
    #expect(failures.first?.message.contains(#"+   draft: "Buy milk","#) == true)
  }
}
