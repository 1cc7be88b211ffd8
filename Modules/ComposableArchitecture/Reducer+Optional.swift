/// Lifts a reducer to optional state: it runs while the state is present and ignores actions otherwise.
///
/// An action that arrives while the state is `nil` is a bug in the caller (a screen that is gone still sends),
/// so it is reported as a runtime warning pointing at the `optional` call, and the state stays `nil`. Pull the
/// result back onto an optional field of the parent:
/// `pullback(optional(childReducer), value: \.child, action: ..., environment: ...)`.
///
/// Pulled back that way, the child only sees its own actions, so its effects outlive a dismissal and their
/// actions arrive for a `nil` state. To end them with the child, use
/// `ifLet(_:value:action:environment:then:)` instead.
public func optional<Value, Action, Environment>(
  _ reducer: @escaping Reducer<Value, Action, Environment>,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> Reducer<Value?, Action, Environment> {
  let location = SourceLocation(fileID: fileID, line: line)
  return { value, action, environment in
    guard value != nil else {
      RuntimeWarning.reportActionForAbsentChild(action, at: location)
      return []
    }
    return value.modifyIfPresent { reducer(&$0, action, environment) } ?? []
  }
}

/// Runs `child` on the optional child state at `value` for the actions `action` extracts, then `parent`, and
/// ends the child's effects when the child goes away.
///
/// The environment-style counterpart of `ifLet(_:action:then:)`.
/// Unlike `pullback(optional(child), ...)` combined with the parent, it sees every parent action, so when
/// the child's state becomes `nil` (dismissed by `parent`, or by the child through it) the child's effects
/// are cancelled and none of its actions reaches the parent afterwards. As with `ifLet(_:action:then:)`, the
/// child's identity is taken before the child runs, and when the action that dismissed the child was the
/// child's own, the effects the child returned for it are dropped whole, synchronous work included. A child
/// action that arrives while the state is `nil` is ignored with a runtime warning pointing here.
///
/// Effects are scoped per presentation: the cancellation reaches only the effects the dismissed child
/// started, including those of every `ifLet` and `forEach` nested in it, never those of another child
/// presented elsewhere with the same reducer.
///
/// ```swift
/// let drawerReducer: Reducer<TallyDrawer, TallyDrawerAction, ShelfEnvironment> = ifLet(
///   drawerCoreReducer,
///   value: \.opened,
///   action: TallyDrawerAction.tallyCase,
///   environment: { TallyEnvironment(nthPrime: $0.nthPrime) },
///   then: tallyReducer
/// )
/// ```
public func ifLet<Value, Action, Environment, ChildValue, ChildAction, ChildEnvironment>(
  _ parent: @escaping Reducer<Value, Action, Environment>,
  value: WritableKeyPath<Value, ChildValue?> & Sendable,
  action: CasePath<Action, ChildAction>,
  environment: @escaping @Sendable (Environment) -> ChildEnvironment,
  then child: @escaping Reducer<ChildValue, ChildAction, ChildEnvironment>,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> Reducer<Value, Action, Environment> {
  ifLet(
    parent, value: value, action: action, environment: environment, child: child, identity: childPresence,
    location: SourceLocation(fileID: fileID, line: line)
  )
}

/// Like `ifLet(_:value:action:environment:then:)`, for an identifiable child:
/// replacing the child with one of another id also ends the old one's effects, while changing other fields
/// of the same child keeps them running. A child that changes its own `id` counts as replaced.
public func ifLet<Value, Action, Environment, ChildValue, ChildAction, ChildEnvironment>(
  _ parent: @escaping Reducer<Value, Action, Environment>,
  value: WritableKeyPath<Value, ChildValue?> & Sendable,
  action: CasePath<Action, ChildAction>,
  environment: @escaping @Sendable (Environment) -> ChildEnvironment,
  then child: @escaping Reducer<ChildValue, ChildAction, ChildEnvironment>,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> Reducer<Value, Action, Environment> where ChildValue: Identifiable, ChildValue.ID: Sendable {
  ifLet(
    parent, value: value, action: action, environment: environment, child: child, identity: identifiableID,
    location: SourceLocation(fileID: fileID, line: line)
  )
}

private func ifLet<Value, Action, Environment, ChildValue, ChildAction, ChildEnvironment, ID: Hashable & Sendable>(
  _ parent: @escaping Reducer<Value, Action, Environment>,
  value toChild: WritableKeyPath<Value, ChildValue?> & Sendable,
  action toChildAction: CasePath<Action, ChildAction>,
  environment toChildEnvironment: @escaping @Sendable (Environment) -> ChildEnvironment,
  child: @escaping Reducer<ChildValue, ChildAction, ChildEnvironment>,
  identity: @escaping @Sendable (ChildValue) -> ID,
  location: SourceLocation
) -> Reducer<Value, Action, Environment> {
  { value, action, environment in
    let childAction = toChildAction.extract(from: action)
    var childID: ID?
    if let childAction {
      childID = value[keyPath: toChild].map(identity)
      if childID == nil {
        RuntimeWarning.reportActionForAbsentChild(childAction, at: location)
      }
    }
    let effect = ChildEffectScope.reduce(
      into: &value,
      keyPath: toChild,
      identities: { $0[keyPath: toChild].map(identity) },
      removed: ChildEffectScope.removedChild,
      child: childID,
      reduceChild: { value in
        guard let childAction else { return .none }
        let effects = value[keyPath: toChild].modifyIfPresent {
          child(&$0, childAction, toChildEnvironment(environment))
        }
        return Effect.merge(effects ?? []).embedded(by: toChildAction.embed)
      },
      reduceParent: { Effect.merge(parent(&$0, action, environment)) }
    )
    return effect.pieces.isEmpty ? [] : [effect]
  }
}
