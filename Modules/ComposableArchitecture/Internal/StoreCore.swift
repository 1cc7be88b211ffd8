/// The state, reducer and effects of a root store; scoped stores all end up here.
///
/// Actions are handled one at a time, first in first out: an action sent while another is being reduced, or
/// queued by a synchronous effect, waits in `queue` and is handled by the loop already running. Nothing
/// recurses, so a chain of any length of synchronous effects runs in constant stack space.
@MainActor
final class StoreCore<Value, Action> {
  private struct QueuedAction {
    let action: Action
    /// The group of the send this action belongs to; `nil` for the send whose loop is running, whose group
    /// is created only if one of its effects turns out to be asynchronous.
    let group: EffectGroup?
  }

  private(set) var value: Value
  private let reducer: (inout Value, Action) -> [Effect<Action>]
  private var queue: [QueuedAction] = []
  private var head = 0
  private var isSending = false
  private var observers: [(id: UInt64, notify: (Value) -> Void)] = []
  private var nextObserverID: UInt64 = 0
  private lazy var runner = EffectRunner<Action> { [weak self] action, group in
    self?.send(action, group: group)
  }

  init(initialValue: Value, reducer: @escaping (inout Value, Action) -> [Effect<Action>]) {
    self.value = initialValue
    self.reducer = reducer
  }

  /// Reduces `action` and everything it queues, then notifies observers once per drained queue.
  ///
  /// An action sent while the loop runs, observers included, is queued and handled by this same loop, so
  /// every observer always ends up having seen the latest state.
  ///
  /// - Returns: the group of effects the send started, `nil` when none was asynchronous.
  @discardableResult
  func send(_ action: Action, group: EffectGroup? = nil) -> EffectGroup? {
    if isSending {
      let group = group ?? EffectGroup()
      queue.append(QueuedAction(action: action, group: group))
      return group
    }
    isSending = true
    defer { isSending = false }
    queue.append(QueuedAction(action: action, group: group))
    var sendGroup = group
    repeat {
      while head < queue.count {
        let item = queue[head]
        head += 1
        var itemGroup = item.group ?? sendGroup
        let effects = reducer(&value, item.action)
        for effect in effects {
          runner.run(effect, group: &itemGroup) { queue.append(QueuedAction(action: $0, group: item.group)) }
        }
        if item.group == nil {
          sendGroup = itemGroup
        }
      }
      head = 0
      if queue.capacity > 4096 {
        queue = []
      } else {
        queue.removeAll(keepingCapacity: true)
      }
      notifyObservers()
    } while !queue.isEmpty
    return sendGroup
  }

  func addObserver(_ notify: @escaping (Value) -> Void) -> UInt64 {
    let id = nextObserverID
    nextObserverID &+= 1
    observers.append((id, notify))
    notify(value)
    return id
  }

  func removeObserver(_ id: UInt64) {
    observers.removeAll { $0.id == id }
  }

  private func notifyObservers() {
    guard !observers.isEmpty else { return }
    let current = value
    for observer in observers {
      observer.notify(current)
    }
  }
}
