/// The state, reducer and effects of a root store; scoped stores all end up here.
///
/// Actions are handled one at a time, first in first out: an action sent while another is being reduced, or
/// queued by a synchronous effect, waits in `queue` and is handled by the loop already running. Nothing
/// recurses, so a chain of any length of synchronous effects runs in constant stack space.
///
/// Sending, and the drain that follows once the store has observers or queued actions, are inlinable, so
/// that a client module specialises them for its own types; running effects is out of line.
///
/// ## Exclusivity
/// The stored properties are marked `@exclusivity(unchecked)`: the runtime's check of every access costs more
/// than the rest of a send, and it is not needed here.
/// - `isSending`, `isReducing`, `needsDrainOrNotify` and `onReduced` are only read and assigned, never passed
///   `inout` or otherwise accessed across a call, so no two accesses to one of them can overlap.
/// - `queue`, `head` and `observers` are changed in place only by calls that reach nothing else (an append, a
///   removal whose test reads the element), and read by copying: the drain loops over a copy of
///   `observers`, so an observer that adds or removes one, or sends an action, changes them afterwards.
/// - `storage` is accessed across a call three times: the reducer's `inout` access in ``reduce(_:origin:)``;
///   ``read(_:)``'s, during which a scope's projection reads its part (a pure function of the state: it has
///   no store to send to); and the drain's, which lends the state to each observer in place. An observer may
///   read the store's state again then, but nothing writes it: only a reduce writes `storage`, and an action
///   an observer sends is queued, as `isSending` holds until the drain ends. Every other access, a read
///   through ``value``, and ``read(_:)`` itself, first checks `isReducing` and stops the program if a reducer
///   is running, which is what the runtime's check did (a reducer that reads its own store, through a store
///   it captured, for example).
@usableFromInline
@MainActor
final class StoreCore<Value, Action> {
  @usableFromInline
  struct QueuedAction {
    @usableFromInline let action: Action
    /// The group of the send this action belongs to; `nil` for the send whose loop is running, whose group
    /// is created only if one of its effects turns out to be asynchronous.
    @usableFromInline let group: EffectGroup?
    /// Whether the action was sent to the store or by one of its effects: what a recording says of it.
    @usableFromInline let origin: ActionOrigin
  }

  @usableFromInline @exclusivity(unchecked) var storage: Value
  @usableFromInline let reducer: (inout Value, Action) -> [Effect<Action>]
  @usableFromInline @exclusivity(unchecked) var isSending = false
  /// Whether the reducer is running on `storage`, which nothing else may then read.
  @usableFromInline @exclusivity(unchecked) var isReducing = false
  @usableFromInline @exclusivity(unchecked) var needsDrainOrNotify = false
  /// Called after every action is reduced, with where the action came from and the new state: set while the
  /// store records (``Store/record(to:fileID:line:)``), `nil` otherwise, when reducing only checks it.
  @usableFromInline @exclusivity(unchecked) var onReduced: ((Action, ActionOrigin, Value, [Effect<Action>]) -> Void)?
  @usableFromInline @exclusivity(unchecked) var queue: [QueuedAction] = []
  @usableFromInline @exclusivity(unchecked) var head = 0
  @usableFromInline @exclusivity(unchecked) var observers: [(id: UInt64, notify: (Value) -> Void)] = []
  private var nextObserverID: UInt64 = 0
  private lazy var runner = EffectRunner<Action> { [weak self] action, group in
    self?.send(action, group: group)
  }

  @inlinable
  init(initialValue: Value, reducer: @escaping (inout Value, Action) -> [Effect<Action>]) {
    self.storage = initialValue
    self.reducer = reducer
  }

  /// The current state.
  ///
  /// Reading it while the reducer runs stops the program: the reducer is changing it in place.
  @inlinable
  var value: Value {
    if isReducing { readWhileReducing() }
    return storage
  }

  /// What `body` reads from the current state, which it is given in place, not copied; see ``value``.
  @inlinable
  func read<Part>(_ body: (Value) -> Part) -> Part {
    if isReducing { readWhileReducing() }
    return Self.reading(&storage, body)
  }

  /// `body` on `value`, which being `inout` here is borrowed for the call rather than copied.
  @inlinable
  static func reading<Part>(_ value: inout Value, _ body: (Value) -> Part) -> Part {
    body(value)
  }

  @usableFromInline
  func readWhileReducing() -> Never {
    fatalError(
      "A store's state was read while its reducer was changing it; a reducer must not read its own store."
    )
  }

  /// Runs the reducer on the state; see ``value``.
  ///
  /// While the store records, ``onReduced`` then gets the action, its origin, the new state and the effects
  /// returned, before any of them runs.
  @inlinable
  func reduce(_ action: Action, origin: ActionOrigin) -> [Effect<Action>] {
    isReducing = true
    let effects = reducer(&storage, action)
    isReducing = false
    if onReduced != nil {
      reported(action, origin: origin, effects: effects)
    }
    return effects
  }

  /// Hands the action just reduced, and the effects it returned, to ``onReduced``.
  @usableFromInline
  func reported(_ action: Action, origin: ActionOrigin, effects: [Effect<Action>]) {
    onReduced?(action, origin, storage, effects)
  }

  /// Reduces `action` and everything it queues, then notifies observers once per drained queue.
  ///
  /// An action sent while the loop runs, observers included, is queued and handled by this same loop, so
  /// every observer always ends up having seen the latest state.
  ///
  /// - Returns: the group of effects the send started, `nil` when none was asynchronous.
  @inlinable
  @discardableResult
  func send(_ action: Action, group: EffectGroup? = nil) -> EffectGroup? {
    // Only an asynchronous effect's `send` passes a group: an action without one was sent to the store.
    guard !isSending else {
      return enqueue(action, group: group ?? EffectGroup(), origin: group == nil ? .user : .effect)
    }
    isSending = true
    defer { isSending = false }
    var sendGroup = group
    let effects = reduce(action, origin: group == nil ? .user : .effect)
    if !effects.isEmpty {
      run(effects, group: group, sendGroup: &sendGroup)
    }
    if needsDrainOrNotify {
      drainAndNotify(sendGroup: &sendGroup)
    }
    return sendGroup
  }

  @usableFromInline
  func enqueue(_ action: Action, group: EffectGroup, origin: ActionOrigin) -> EffectGroup {
    queue.append(QueuedAction(action: action, group: group, origin: origin))
    needsDrainOrNotify = true
    return group
  }

  /// Runs the effects returned for an action of group `group` (`nil`: the running send's own).
  @usableFromInline
  func run(_ effects: [Effect<Action>], group: EffectGroup?, sendGroup: inout EffectGroup?) {
    var effectGroup = group ?? sendGroup
    for effect in effects {
      runner.run(effect, group: &effectGroup) { action in
        queue.append(QueuedAction(action: action, group: group, origin: .effect))
        needsDrainOrNotify = true
      }
    }
    if group == nil {
      sendGroup = effectGroup
    }
  }

  /// Reduces every queued action, notifies observers, and repeats while observers queue more.
  ///
  /// Inlinable, as ``send(_:group:)`` is, so that a store with observers (every executable's) runs it
  /// specialized for its state and action rather than looking up their generic metadata on every send.
  @inlinable
  func drainAndNotify(sendGroup: inout EffectGroup?) {
    repeat {
      while head < queue.count {
        let item = queue[head]
        head += 1
        let effects = reduce(item.action, origin: item.origin)
        if !effects.isEmpty {
          run(effects, group: item.group, sendGroup: &sendGroup)
        }
      }
      head = 0
      if queue.capacity > 4096 {
        queue = []
      } else {
        queue.removeAll(keepingCapacity: true)
      }
      needsDrainOrNotify = !observers.isEmpty
      for observer in observers {
        // Lent in place rather than copied: a copy retains and releases every reference the state holds.
        Self.reading(&storage, observer.notify)
      }
    } while !queue.isEmpty
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (Value) -> Void) -> UInt64 {
    let id = nextObserverID
    nextObserverID &+= 1
    observers.append((id, notify))
    needsDrainOrNotify = true
    notify(value)
    return id
  }

  @usableFromInline
  func removeObserver(_ id: UInt64) {
    observers.removeAll { $0.id == id }
    needsDrainOrNotify = !observers.isEmpty || head < queue.count
  }
}
