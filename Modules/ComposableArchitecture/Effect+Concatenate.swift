extension Effect {
  /// Combines effects into one that runs them one after another: each starts once the previous one has
  /// ended, that is, once its synchronous work is done and every task it started has finished.
  ///
  /// ```swift
  /// case .launchButtonTapped:
  ///   return .concatenate(.send(.ticked(3)), .send(.ticked(2)), .send(.ticked(1)), .send(.liftedOff))
  /// ```
  ///
  /// Effects that do only synchronous work run at once, in order, as with ``merge(_:)-(Effect<Action>...)``. While
  /// the sequence waits on an asynchronous step it counts as a running effect created at `fileID` and `line`
  /// (a `TestStore` lists it beside the step it waits on). Marking the result with
  /// ``cancellable(id:cancelInFlight:)`` makes every step cancellable by that id; cancelling the sequence
  /// cancels the step running and starts no further one.
  public static func concatenate(_ effects: Self..., fileID: StaticString = #fileID, line: UInt = #line) -> Self {
    concatenate(effects, fileID: fileID, line: line)
  }

  /// Combines a collection of effects into one that runs them one after another; see
  /// ``concatenate(_:fileID:line:)-(Effect<Action>...,_,_)``.
  public static func concatenate(
    _ effects: some Collection<Self>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let effects = effects.filter { !$0.pieces.isEmpty }
    guard effects.count > 1 else {
      return merge(effects)
    }
    return Self(
      pieces: [
        .concatenate(
          Concatenation(effects: effects, cancelIDs: [], location: SourceLocation(fileID: fileID, line: line))
        )
      ]
    )
  }
}
