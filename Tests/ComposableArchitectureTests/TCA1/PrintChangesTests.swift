import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct PrintChangesTests {
  struct Tally: ReducerProtocol {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case incrTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  static let entry = """
    received action: Action.incrTapped
      State(
    −   count: 0
    +   count: 1
      )
    """

  @Test func printChangesWritesEachActionAndItsDiff() {
    let entries = Mutex<[String]>([])
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges(Trace { entry in entries.withLock { $0.append(entry) } })
    }
    store.send(.incrTapped)
    #expect(store.value.count == 1)
    #expect(entries.withLock { $0 } == [Self.entry])
  }

  @Test func aTraceWritingToADescriptorWritesEachEntryAsALine() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("print-changes-\(UUID().uuidString)")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forWritingTo: url)
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges(.writing(toDescriptor: handle.fileDescriptor))
    }
    store.send(.incrTapped)
    try handle.close()
    #expect(try String(contentsOf: url, encoding: .utf8) == Self.entry + "\n")
  }
}
