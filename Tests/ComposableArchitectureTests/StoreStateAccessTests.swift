import ComposableArchitecture
import Testing

/// Holds the store its own reducer reads, to show that the store refuses that read.
@MainActor
final class SelfReadingHolder {
  var store: Store<Int, Bool>?
}

/// A reducer that reads the store it runs in: the one access to a store's state that must not happen.
let selfReadingReducer: Reducer<Int, Bool, SelfReadingHolder> = { value, _, holder in
  value = MainActor.assumeIsolated { holder.store?.value ?? -1 }
  return []
}

/// The store checks accesses to its state itself, instead of the runtime's exclusivity checks; these tests pin
/// that the one conflicting access, a read while the reducer changes the state, still stops the program, and
/// that every other read is allowed.
@MainActor
@Suite("store state access", .timeLimit(.minutes(2)))
struct StoreStateAccessTests {
  @Test func aReducerThatReadsItsOwnStoreStopsTheProgramSayingWhy() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let holder = SelfReadingHolder()
        let store = Store(initialValue: 0, reducer: selfReadingReducer, environment: holder)
        holder.store = store
        store.send(true)
      }
    }.map { result in
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(output.contains("A store's state was read while its reducer was changing it"))
    }
  }

  @Test func observersAndEffectsMayReadTheStoreWhileItIsSending() {
    let store = Store(
      initialValue: 0,
      reducer: { (value: inout Int, action: Bool, _: Void) -> [Effect<Bool>] in
        value += 1
        return action ? [.send(false)] : []
      },
      environment: ()
    )
    var seen: [Int] = []
    let observation = store.observe { _ in seen.append(store.value) }
    store.send(true)
    observation.cancel()
    #expect(seen == [0, 2])
  }
}
