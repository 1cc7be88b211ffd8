/// Runs a feature: holds its state, reduces the actions sent to it, runs the effects, and tells observers.
///
/// ## Concurrency
/// A store lives on the main actor. Reducers run there, synchronously, one action at a time; synchronous
/// effects run there too; asynchronous effects run in their own tasks off the main actor and hop back to it to
/// send actions. So state is only ever touched on the main actor, and no lock or unchecked conformance is
/// involved.
///
/// ## Lifetime
/// A scoped store keeps its parent alive. When the root store and every store scoped from it are released,
/// the effects still running are cancelled; an action such an effect sends afterwards is dropped with a
/// runtime warning.
@MainActor
public final class Store<Value, Action> {
  @usableFromInline let readValue: () -> Value
  @usableFromInline let dispatch: (Action) -> EffectGroup?
  @usableFromInline let subscribe: (@escaping (Value) -> Void) -> StoreObservation
  /// The store this one was scoped from, kept alive as long as this one is.
  @usableFromInline let parent: AnyObject?
  /// The core of a root store, which ``send(_:)`` calls directly; `nil` for a scoped store.
  @usableFromInline let core: StoreCore<Value, Action>?

  /// Creates a root store from an initial state, a reducer and the environment the reducer runs with.
  ///
  /// The environment is captured here once; the store's type does not mention it, so views and child stores
  /// stay independent of the dependencies behind them.
  @inlinable
  public convenience init<Environment>(
    initialValue: Value,
    reducer: @escaping Reducer<Value, Action, Environment>,
    environment: Environment
  ) {
    let core = StoreCore<Value, Action>(initialValue: initialValue) { value, action in
      reducer(&value, action, environment)
    }
    self.init(core: core)
  }

  @inlinable
  convenience init(core: StoreCore<Value, Action>) {
    self.init(
      readValue: { core.value },
      dispatch: { core.send($0) },
      subscribe: { notify in
        let id = core.addObserver(notify)
        return StoreObservation { [weak core] in core?.removeObserver(id) }
      },
      parent: nil,
      core: core
    )
  }

  @usableFromInline
  init(
    readValue: @escaping () -> Value,
    dispatch: @escaping (Action) -> EffectGroup?,
    subscribe: @escaping (@escaping (Value) -> Void) -> StoreObservation,
    parent: AnyObject?,
    core: StoreCore<Value, Action>? = nil
  ) {
    self.readValue = readValue
    self.dispatch = dispatch
    self.subscribe = subscribe
    self.parent = parent
    self.core = core
  }

  /// The current state. For a scoped store it is derived from the root's state on every read.
  @inlinable
  public var value: Value { readValue() }

  /// Reduces `action`, runs the effects it returns, and feeds the actions they send back in, in order.
  ///
  /// Synchronous effects, and every action they queue, are fully handled before `send` returns. The returned
  /// ``StoreTask`` lets the caller await or cancel the asynchronous effects.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if core != nil {
      // Optional chaining calls the core in place; binding it (`if let core`) would retain and release it
      // around every send.
      return StoreTask(group: core?.send(action) ?? nil)
    }
    return StoreTask(group: dispatch(action))
  }

  /// Derives a store for a part of this one: it reads its state from this store's and sends its actions here.
  ///
  /// The child keeps no copy of the state, so parent and child can never disagree: a send to either is seen
  /// by both at once.
  @inlinable
  public func scope<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    let (readValue, dispatch, subscribe) = (self.readValue, self.dispatch, self.subscribe)
    if let core {
      // A scope of the root reads its part in place, without a copy of the root's whole state.
      return Store<LocalValue, LocalAction>(
        readValue: { core.read(toLocalValue) },
        dispatch: { core.send(toGlobalAction($0)) },
        subscribe: { notify in subscribe { notify(toLocalValue($0)) } },
        parent: self
      )
    }
    return Store<LocalValue, LocalAction>(
      readValue: { toLocalValue(readValue()) },
      dispatch: { dispatch(toGlobalAction($0)) },
      subscribe: { notify in subscribe { notify(toLocalValue($0)) } },
      parent: self
    )
  }

  /// Calls `body` with the current state now, and again after every action the store handles, including
  /// actions sent back by asynchronous effects.
  ///
  /// After a send, `body` runs once, when that action and everything it queued have been reduced. The store
  /// holds `body` until the returned observation is cancelled or the store is released, so `body` should
  /// capture the store weakly, if at all.
  @discardableResult
  public func observe(_ body: @escaping @MainActor (Value) -> Void) -> StoreObservation {
    subscribe(body)
  }

  /// Like ``observe(_:)``, but skips states that `isDuplicate` considers equal to the last one passed on.
  @discardableResult
  public func observe(
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    _ body: @escaping @MainActor (Value) -> Void
  ) -> StoreObservation {
    var last: Value?
    return subscribe { value in
      if let last, isDuplicate(last, value) { return }
      last = value
      body(value)
    }
  }
}

/// A registration made with ``Store/observe(_:)``; cancel it to stop being called.
@MainActor
public final class StoreObservation {
  private var onCancel: (() -> Void)?

  @usableFromInline
  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
