/// A parent reducer together with a child reducer run on one case of the parent's enum state, whose effects
/// end when the state leaves that case; see ``ReducerProtocol/ifCaseLet(_:action:then:fileID:line:column:)``.
public struct IfCaseLetReducer<Parent: ReducerProtocol, Child: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// Names this operator among its siblings in its parent's scope: a case path has no identity to do it.
  @usableFromInline let operatorID: CaseOperatorID

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    location: SourceLocation,
    operatorID: CaseOperatorID
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
    self.operatorID = operatorID
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childAction = toChildAction.extract(from: action)
    var childID: ChildPresence?
    if let childAction {
      childID = presence(in: state)
      if childID == nil {
        reportAnotherCase(childAction, state: state)
      }
    }
    return ChildEffectScope.reduce(
      into: &state,
      keyPath: operatorID,
      identities: presence(in:),
      removed: ChildEffectScope.removedChild,
      child: childID,
      reduceChild: { state in
        guard let childAction, var childState = toChildState.extract(from: state) else { return .none }
        let effect = child.reduce(into: &childState, action: childAction)
        state = toChildState.embed(childState)
        return effect.map(toChildAction.embed)
      },
      reduceParent: { parent.reduce(into: &$0, action: action) }
    )
  }

  /// ``ChildPresence`` when `state` is in the child's case, `nil` otherwise.
  @inlinable
  func presence(in state: Parent.State) -> ChildPresence? {
    toChildState.extract(from: state).map(childPresence)
  }

  @usableFromInline
  func reportAnotherCase(_ action: Child.Action, state: Parent.State) {
    RuntimeWarning.reportCaseActionForAnotherCase(action, state: state, at: location)
  }
}

extension IfCaseLetReducer: Sendable where Parent: Sendable, Child: Sendable {}

/// Where an `ifCaseLet` was written: the address of its file's name, which a literal keeps for the life of
/// the process, its line and its column. Three words, so that a scope segment holds it without a box.
@usableFromInline
struct CaseOperatorID: Hashable, Sendable {
  let file: UInt
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, line: UInt, column: UInt) {
    file =
      fileID.hasPointerRepresentation
      ? UInt(bitPattern: fileID.utf8Start) : UInt(fileID.unicodeScalar.value)
    self.line = line
    self.column = column
  }
}

extension ReducerProtocol {
  /// Runs `child` on the case of this reducer's enum state that `state` extracts, for the actions `action`
  /// extracts, then this reducer; and ends the child's effects when the state leaves that case.
  ///
  /// ```swift
  /// Reduce<Destination.State, Destination.Action> { _, _ in .none }
  ///   .ifCaseLet(Destination.State.editorCase, action: Destination.Action.editorCase) { Editor() }
  ///   .ifCaseLet(Destination.State.counterCase, action: Destination.Action.counterCase) { Counter() }
  /// ```
  ///
  /// The child runs first, on the case's value, which is then put back into the state; this reducer runs
  /// next and sees the child's action. When the state is in another case after this reducer ran (this
  /// reducer or the child moved it), every effect the child started is cancelled; when the action that moved
  /// it was the child's own, the child's effect of that action is dropped whole. A child action that arrives
  /// while the state is in another case is ignored, with a runtime warning pointing here.
  ///
  /// It sees only the actions that reach it: a parent that moves the enum to another case without running
  /// this reducer ends the old case's effects through its own operator, as `ifLet(\.$destination, ...)` does
  /// when the destination changes case.
  @inlinable
  public func ifCaseLet<Child: ReducerProtocol>(
    _ state: CasePath<State, Child.State>,
    action: CasePath<Action, Child.Action>,
    then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> {
    IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: state,
      toChildAction: action,
      location: SourceLocation(fileID: fileID, line: line),
      operatorID: CaseOperatorID(fileID: fileID, line: line, column: column)
    )
  }
}
