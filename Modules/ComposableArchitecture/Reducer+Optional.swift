/// Lifts a reducer to optional state: it runs while the state is present and ignores actions otherwise.
///
/// An action that arrives while the state is `nil` is a bug in the caller (a screen that is gone still sends),
/// so it is reported as a runtime warning pointing at the `optional` call, and the state stays `nil`. Pull the
/// result back onto an optional field of the parent:
/// `pullback(optional(childReducer), value: \.child, action: ..., environment: ...)`.
public func optional<Value, Action, Environment>(
  _ reducer: @escaping Reducer<Value, Action, Environment>,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> Reducer<Value?, Action, Environment> {
  let location = SourceLocation(fileID: fileID, line: line)
  return { value, action, environment in
    guard value != nil else {
      RuntimeWarning.report(
        "An optional reducer received \(action) while its state was nil; the action was ignored. "
          + "Stop sending actions for state that is gone.",
        at: location
      )
      return []
    }
    return reducer(&value!, action, environment)
  }
}
