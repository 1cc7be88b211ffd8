extension ChildEffectScope {
  /// Reduces one action through a scoping operator (`ifLet` of either style, `forEach`): the child's reducer in
  /// the child's scope, then the parent's, and ends every child the action removed.
  ///
  /// The identities of the children are taken before anything runs and again after the parent, and a child
  /// whose identity is gone counts as removed, whoever removed it: the parent, the child through the parent,
  /// or the child itself by changing its own `id`. A removed child's running effects are cancelled. If the
  /// action was that child's own, its effect of the action is dropped whole rather than cancelled, because a
  /// cancellation stops only asynchronous work: a `.send` or the first synchronous step of a `.concatenate`
  /// would otherwise still reach the parent, for a child that is gone.
  ///
  /// - Parameters:
  ///   - keyPath: the operator's key path to its children, which names it within its parent's scope.
  ///   - identities: the identities of the children in a state.
  ///   - removed: the identities of a first result of `identities` that a second one no longer has.
  ///   - child: the identity of the child the action is for, or `nil` when it is not a child's action or
  ///     its child is absent (which the caller reports).
  ///   - reduceChild: the child's reduce, whose effect is embedded in the parent's actions; run only when
  ///     `child` is given, with the child's scope as the current one.
  ///   - reduceParent: the parent's reduce.
  ///
  /// Always inlined: left to the optimizer, client modules called the unspecialized generic copy, and half
  /// of an `ifLet` send went to generic metadata lookups (9,800 instructions a send, 4,500 inlined;
  /// `store.stack.push-pop` 67,000, 23,000 inlined).
  @inlinable @inline(__always)
  static func reduce<State, Action, ID: Hashable & Sendable, Identities>(
    into state: inout State,
    keyPath: some Hashable & Sendable,
    identities: (State) -> Identities,
    removed: (_ before: Identities, _ after: Identities) -> [ID],
    child: ID?,
    reduceChild: (inout State) -> Effect<Action>,
    reduceParent: (inout State) -> Effect<Action>
  ) -> Effect<Action> {
    let before = identities(state)
    var childEffect = Effect<Action>.none
    if let child {
      let scope = Self.child(keyPath: keyPath, identity: child)
      let effect = scope.run { reduceChild(&state) }
      // An empty effect has nothing to cancel; marking it would only cost an allocation.
      childEffect = effect.pieces.isEmpty ? effect : effect.cancellable(id: scope)
    }
    let parentEffect = reduceParent(&state)
    let gone = removed(before, identities(state))
    guard !gone.isEmpty else { return childEffect.merge(with: parentEffect) }
    if let child, gone.contains(child) {
      childEffect = .none
    }
    return .merge(
      [childEffect, parentEffect] + gone.map { .cancel(id: Self.child(keyPath: keyPath, identity: $0)) }
    )
  }

  /// The optional child's identity `before`, if `after` is not the same one: dismissed or replaced.
  @inlinable
  static func removedChild<ID: Equatable>(before: ID?, after: ID?) -> [ID] {
    guard let before, before != after else { return [] }
    return [before]
  }

  /// The ids of the elements whose offsets are in `before` but not in `after`.
  @inlinable
  static func removedElements<ID>(before: [ID: Int], after: [ID: Int]) -> [ID] {
    // Unchanged storage compares equal at once; the scan runs only when ids were added, removed or moved.
    guard before != after else { return [] }
    return before.keys.filter { after[$0] == nil }
  }
}
