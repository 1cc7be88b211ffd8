import ComposableArchitecture
import Testing

// `combine` and `pullback` take shortcuts when reducers return no effect and when a key path names stored
// properties only. These tests pin that every shortcut behaves as the general path did: effects kept in order
// whichever reducers return them, and the child's state reached in place whatever kind of key path leads there.

// MARK: - combine

/// Reducers that each return the effects given for them, and record every action they see.
private enum Echo {
  /// A reducer that returns `.send(action)` for each of `actions` when it sees `.go`, and nothing otherwise.
  static func reducer(sending actions: [FastPathAction]) -> Reducer<[FastPathAction], FastPathAction, Void> {
    { _, action, _ in
      guard action == .go else { return [] }
      return actions.map { .send($0) }
    }
  }

  /// Records every action, after the others of the combine have run.
  static let recorder: Reducer<[FastPathAction], FastPathAction, Void> = { value, action, _ in
    value.append(action)
    return []
  }

  /// What a store has reduced after one `.go`, running the combine of `reducers` (one call of `combine` with
  /// exactly those reducers), then the recorder.
  @MainActor
  static func reduced(by reducers: [Reducer<[FastPathAction], FastPathAction, Void>]) -> [FastPathAction] {
    let combined: Reducer<[FastPathAction], FastPathAction, Void>
    switch reducers.count {
    case 1: combined = combine(reducers[0])
    case 2: combined = combine(reducers[0], reducers[1])
    case 3: combined = combine(reducers[0], reducers[1], reducers[2])
    default: combined = combine(reducers[0], reducers[1], reducers[2], reducers[3])
    }
    let store = Store(initialValue: [], reducer: combine(combined, recorder), environment: ())
    store.send(.go)
    return store.value
  }
}

enum FastPathAction: Equatable, Sendable {
  case go, a, b, c, d
}

// MARK: - pullback

struct FastPathLeaf: Equatable, Sendable {
  var count = 0
  var log: [String] = []
}

/// A parent with its child at a non-zero offset behind fields of other sizes, in a tuple, behind a computed
/// property, in an optional and in a class: every way a writable key path can reach a child.
struct FastPathParent: Equatable {
  var flag = false
  var name = "parent"
  var nested = FastPathNested()
  var pair: (Int8, FastPathLeaf) = (1, FastPathLeaf())
  var optional: FastPathLeaf? = FastPathLeaf()
  var box = FastPathBox()

  /// A computed view of `nested.leaf`, so that its key path has no fixed offset.
  var computedLeaf: FastPathLeaf {
    get { nested.leaf }
    set { nested.leaf = newValue }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.flag == rhs.flag && lhs.name == rhs.name && lhs.nested == rhs.nested && lhs.pair.0 == rhs.pair.0
      && lhs.pair.1 == rhs.pair.1 && lhs.optional == rhs.optional && lhs.box.leaf == rhs.box.leaf
  }
}

struct FastPathNested: Equatable, Sendable {
  var byte: UInt8 = 7
  var leaf = FastPathLeaf()
}

/// A reference type inside the parent's state: its key path is a reference-writable one.
final class FastPathBox {
  var leaf = FastPathLeaf()
}

let fastPathLeafReducer: Reducer<FastPathLeaf, String, Void> = { value, action, _ in
  value.count += 1
  value.log.append(action)
  return action == "echo" ? [.send("echoed")] : []
}

let fastPathParentCase = CasePath<String, String>(embed: { $0 }, extract: { $0.hasPrefix("-") ? nil : $0 })

@MainActor
@Suite("combine and pullback shortcuts", .timeLimit(.minutes(2)))
struct ReducerFastPathTests {
  @Test func combineOfTwoKeepsTheEffectsOfWhicheverReducerReturnsThem() {
    #expect(Echo.reduced(by: [Echo.reducer(sending: [.a, .b]), Echo.reducer(sending: [])]) == [.go, .a, .b])
    #expect(Echo.reduced(by: [Echo.reducer(sending: []), Echo.reducer(sending: [.a, .b])]) == [.go, .a, .b])
    #expect(Echo.reduced(by: [Echo.reducer(sending: [.a]), Echo.reducer(sending: [.b])]) == [.go, .a, .b])
    #expect(Echo.reduced(by: [Echo.reducer(sending: []), Echo.reducer(sending: [])]) == [.go])
  }

  @Test func combineOfManyKeepsTheEffectsInReducerOrderWhenOnlySomeReturnAny() {
    let none = Echo.reducer(sending: [])
    #expect(Echo.reduced(by: [none, Echo.reducer(sending: [.a]), none]) == [.go, .a])
    #expect(Echo.reduced(by: [Echo.reducer(sending: [.a]), none, Echo.reducer(sending: [.b, .c])]) == [.go, .a, .b, .c])
    #expect(
      Echo.reduced(by: [none, Echo.reducer(sending: [.a, .b]), none, Echo.reducer(sending: [.c, .d])])
        == [.go, .a, .b, .c, .d]
    )
    #expect(Echo.reduced(by: [Echo.reducer(sending: [.a])]) == [.go, .a])
  }

  @Test func combineOfOneReducerIsThatReducer() {
    let single: Reducer<[FastPathAction], FastPathAction, Void> = combine(Echo.reducer(sending: [.a, .b]))
    var value: [FastPathAction] = []
    #expect(single(&value, .go, ()).count == 2)
    #expect(single(&value, .a, ()).isEmpty)
  }

  @Test func pullbackReachesTheChildThroughEveryKindOfWritableKeyPath() {
    let paths: [(String, WritableKeyPath<FastPathParent, FastPathLeaf> & Sendable)] = [
      ("nested stored property", \FastPathParent.nested.leaf),
      ("tuple element", \FastPathParent.pair.1),
      ("computed property", \FastPathParent.computedLeaf),
      ("force-unwrapped optional", \FastPathParent.optional!),
      ("property of a class", \FastPathParent.box.leaf),
    ]
    for (kind, path) in paths {
      let reducer: Reducer<FastPathParent, String, Void> = pullback(
        fastPathLeafReducer,
        value: path,
        action: fastPathParentCase,
        environment: { $0 }
      )
      var value = FastPathParent()
      var expected = FastPathParent()

      let effects = reducer(&value, "echo", ())
      _ = reducer(&value, "-ignored", ())
      _ = reducer(&value, "plain", ())

      expected[keyPath: path].count = 2
      expected[keyPath: path].log = ["echo", "plain"]
      #expect(value == expected, "\(kind)")
      #expect(effects.count == 1, "\(kind)")
    }
  }

  @Test func protocolPullbackReachesTheChildThroughEveryKindOfWritableKeyPath() {
    let leaf = Reduce<FastPathLeaf, String> { value, action in
      value.count += 1
      value.log.append(action)
      return action == "echo" ? .send("echoed") : .none
    }
    let paths: [(String, WritableKeyPath<FastPathParent, FastPathLeaf> & Sendable)] = [
      ("nested stored property", \FastPathParent.nested.leaf),
      ("tuple element", \FastPathParent.pair.1),
      ("computed property", \FastPathParent.computedLeaf),
      ("force-unwrapped optional", \FastPathParent.optional!),
      ("property of a class", \FastPathParent.box.leaf),
    ]
    for (kind, path) in paths {
      let store = Store(initialState: FastPathParent(), reducer: leaf.pullback(state: path, action: fastPathParentCase))
      var expected = FastPathParent()

      store.send("echo")
      store.send("-ignored")
      store.send("plain")

      // `echo`'s effect sent `echoed` back, embedded by the case path, and the child reduced it too.
      expected[keyPath: path].count = 3
      expected[keyPath: path].log = ["echo", "echoed", "plain"]
      #expect(store.value == expected, "\(kind)")
    }
  }

  @Test func pullbackMutatesTheChildInPlaceWithoutCopyingItsStorage() {
    let reducer: Reducer<FastPathParent, String, Void> = pullback(
      { value, _, _ in
        value.log.withUnsafeBufferPointer { buffer in
          value.count = Int(bitPattern: buffer.baseAddress)
        }
        value.log.append("x")
        value.log.withUnsafeBufferPointer { buffer in
          value.count = value.count == Int(bitPattern: buffer.baseAddress) ? 1 : 0
        }
        return []
      },
      value: \FastPathParent.nested.leaf,
      action: fastPathParentCase,
      environment: { $0 }
    )
    var value = FastPathParent()
    value.nested.leaf.log.reserveCapacity(16)
    _ = reducer(&value, "go", ())
    #expect(value.nested.leaf.count == 1, "appending within capacity moved the child's array: it was copied")
  }
}
