/// Marks a feature's optional child state as presented: `@Presents var destination: Destination.State?`.
///
/// The property reads and writes as a plain optional. Its projected value, `$destination`, is the
/// ``PresentationState`` that ``ReducerProtocol/ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>``
/// takes:
///
/// ```swift
/// struct State: Equatable {
///   var text = ""
///   @Presents var destination: Editor.State?
/// }
/// ```
///
/// `Presents` is ``PresentationState`` under the name TCA's `@Presents` macro has.
public typealias Presents<State> = PresentationState<State>

/// The state of a child feature that a parent presents: the child's state while it is shown, `nil` when it
/// is not.
///
/// Declare it with `@Presents` (or `@PresentationState`); the parent's reducer then reads and writes the
/// child as an optional, and hands `\.$destination` to
/// ``ReducerProtocol/ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>``.
///
/// It is a value. Equal when the presented states are equal; `Sendable` and `Codable` when the state is (it
/// encodes as the optional). The state is kept in a box shared on copy and copied on write, so a feature can
/// present a feature of its own type.
///
/// When a write puts the state into another case of an enum, or presents a state where there was none, it
/// starts a new presentation: `ifLet` then ends the effects of the one before.
@propertyWrapper
public struct PresentationState<State> {
  /// The presented state, boxed; `nil` when nothing is presented.
  @usableFromInline var storage: Storage?
  /// Counts the presentations this value has seen: a write that starts a new one adds one.
  @usableFromInline var presentation: UInt = 0

  /// The box of a presented state.
  @usableFromInline
  final class Storage {
    @usableFromInline var state: State

    @inlinable
    init(_ state: State) {
      self.state = state
    }
  }

  /// Presents `wrappedValue`, or nothing when it is `nil`.
  @inlinable
  public init(wrappedValue: State?) {
    storage = wrappedValue.map(Storage.init)
  }


  /// The presented state, or `nil`.
  ///
  /// Setting `nil` dismisses. Setting a state where there was none, or one in another case of an enum,
  /// starts a new presentation; setting one in the same case changes the presented state.
  @inlinable
  public var wrappedValue: State? {
    get { storage?.state }
    set { set(newValue) }
  }

  /// The presentation state itself, what `$destination` gives: the value to hand to `ifLet`.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented state in the case `path` extracts, or `nil` when it is absent or in another case.
  ///
  /// For a test that states a change to one case of an enum destination:
  /// `$0.$destination[case: Destination.State.editorCase]?.text = "Hi"`. Setting it while the state is in
  /// another case changes nothing, and reports a runtime warning; setting `nil` dismisses.
  public subscript<Case>(
    case path: CasePath<State, Case>,
    fileID fileID: StaticString = #fileID,
    line line: UInt = #line
  ) -> Case? {
    get { wrappedValue.flatMap(path.extract(from:)) }
    set {
      guard let current = wrappedValue, path.extract(from: current) != nil else {
        if newValue != nil {
          RuntimeWarning.reportWriteToAnotherCase(of: wrappedValue, at: SourceLocation(fileID: fileID, line: line))
        }
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }

  /// Writes `newValue`: in place when the box is not shared, and as a new presentation when it starts one.
  ///
  /// Inlinable for the usual write, `nil` over `nil` (a reducer taking down what is not shown), which then
  /// costs a check instead of a generic call.
  @inlinable
  mutating func set(_ newValue: State?) {
    guard let newValue else {
      storage = nil
      return
    }
    present(newValue)
  }

  /// Writes a presented state; see ``set(_:)``.
  @usableFromInline
  mutating func present(_ newValue: State) {
    guard storage != nil else {
      presentation &+= 1
      storage = Storage(newValue)
      return
    }
    if let current = storage, !isSameCase(current.state, newValue) {
      presentation &+= 1
    }
    // Checked before anything else holds the box, so that an unshared box is written in place.
    if isKnownUniquelyReferenced(&storage), let box = storage {
      box.state = newValue
    } else {
      storage = Storage(newValue)
    }
  }

  /// Runs `body` on the presented state in place, copying the box first if it is shared; `nil` when
  /// nothing is presented. Never starts a new presentation: the child's own changes are the same one.
  @inlinable
  mutating func modifyPresented<Result>(_ body: (inout State) -> Result) -> Result? {
    guard storage != nil else { return nil }
    if !isKnownUniquelyReferenced(&storage), let shared = storage {
      storage = Storage(shared.state)
    }
    guard let box = storage else { return nil }
    return body(&box.state)
  }
}

/// Safe: a box is written only through `PresentationState.present(_:)` (what `set(_:)` does with a state) and
/// `modifyPresented(_:)`, and each first makes sure the value writing holds the only reference to it
/// (`isKnownUniquelyReferenced`), copying it otherwise. A box that two values share, and so one that two
/// threads could reach, is only ever read.
extension PresentationState.Storage: @unchecked Sendable where State: Sendable {}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal states, or both present nothing.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state, or its absence.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented state as an optional.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented state as an optional.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

/// What every ``PresentationState`` is, whatever it presents: for dumps, which show `@Presents var alert` as
/// `alert`, not as the wrapper's storage `_alert`.
protocol PresentationStateProtocol {}

extension PresentationState: PresentationStateProtocol {}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional it holds, so dumps and test diffs show the presented state itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

/// Whether `lhs` and `rhs` are in the same case of an enum; always `true` for values of other kinds, and for
/// an enum whose type keeps no case names (reflection metadata stripped).
@usableFromInline
func isSameCase<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  runtimeEnumCaseName(lhs) == runtimeEnumCaseName(rhs)
}

extension KeyedDecodingContainer {
  /// Decodes a presentation in a type whose `Decodable` Swift synthesizes: a key that is absent, or `null`,
  /// reads as nothing presented, as an optional field would.
  public func decode<State: Decodable>(
    _ type: PresentationState<State>.Type,
    forKey key: Key
  ) throws -> PresentationState<State> {
    PresentationState(wrappedValue: try decodeIfPresent(State.self, forKey: key))
  }
}

extension KeyedEncodingContainer {
  /// Encodes a presentation in a type whose `Encodable` Swift synthesizes as an optional field is encoded:
  /// the presented state, or no key at all when nothing is presented.
  public mutating func encode<State: Encodable>(
    _ value: PresentationState<State>,
    forKey key: Key
  ) throws {
    try encodeIfPresent(value.wrappedValue, forKey: key)
  }
}
