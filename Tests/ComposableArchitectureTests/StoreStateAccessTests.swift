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

/// Holds the only reference to a store that its own observer lets go of.
@MainActor
final class ReleasingHolder {
  var store: Store<Int, Bool>?
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

  /// A root store sends to its core without retaining it, because the caller keeps the store, and so its
  /// core, alive for the whole send; this pins that a store whose last reference goes away during its own send
  /// still finishes the send, its effects' actions included.
  @Test func aStoreReleasedByItsObserverDuringItsOwnSendFinishesTheSend() {
    let holder = ReleasingHolder()
    holder.store = Store(
      initialValue: 0,
      reducer: { (value: inout Int, action: Bool, _: Void) -> [Effect<Bool>] in
        value += 1
        return action ? [.send(false)] : []
      },
      environment: ()
    )
    var seen: [Int] = []
    let observation = holder.store?.observe { value in
      seen.append(value)
      if value == 2 { holder.store = nil }
    }
    holder.store?.send(true)
    observation?.cancel()
    #expect(seen == [0, 2])
    #expect(holder.store == nil)
  }
}
