/// The way an asynchronous effect sends actions back to the store that runs it.
///
/// Call it like a function, with `await`: `await send(.nthPrimeResponse(n: n, prime: prime))`. The action is
/// reduced on the main actor before the call returns. Once the effect is cancelled, or its store is gone,
/// further actions are dropped (the latter with a runtime warning), so an effect never needs to check before
/// sending.
///
/// A `Send` is good only while the operation of its effect runs. One kept beyond it, in a callback or a task
/// the effect did not await, is refused once the effect has finished: the action is dropped and a runtime
/// warning names where the effect was created.
public struct Send<Action>: Sendable {
  @usableFromInline let deliver: @MainActor @Sendable (Action) -> Void

  @usableFromInline
  package init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends one action to the store.
  @inlinable
  @MainActor
  public func callAsFunction(_ action: sending Action) {
    deliver(action)
  }

  @inlinable
  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child> { child in self.deliver(transform(child)) }
  }
}
