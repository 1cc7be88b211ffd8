/// A reducer run only while its optional state is present; see ``ReducerProtocol/optional(fileID:line:)``.
public struct OptionalReducer<Wrapped: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let wrapped: Wrapped
  @usableFromInline let location: SourceLocation

  @inlinable
  init(wrapped: Wrapped, location: SourceLocation) {
    self.wrapped = wrapped
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Wrapped.State?, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    guard let effect = state.modifyIfPresent({ wrapped.reduce(into: &$0, action: action) }) else {
      reportAbsentState(action)
      return .none
    }
    return effect
  }

  @usableFromInline
  func reportAbsentState(_ action: Wrapped.Action) {
    RuntimeWarning.reportActionForAbsentChild(action, at: location)
  }
}

extension OptionalReducer: Sendable where Wrapped: Sendable {}

extension ReducerProtocol {
  /// Lifts this reducer to optional state: it runs while the state is present, and an action that arrives
  /// while it is `nil` is ignored with a runtime warning pointing here.
  ///
  /// This reducer only sees the child's actions, so it cannot tell when the parent dismisses the child: the
  /// child's effects keep running, and their actions arrive for a `nil` state. To end them with the child,
  /// use `ifLet(_:action:then:)` on the parent instead.
  @inlinable
  public func optional(fileID: StaticString = #fileID, line: UInt = #line) -> OptionalReducer<Self> {
    OptionalReducer(wrapped: self, location: SourceLocation(fileID: fileID, line: line))
  }
}
