extension Recording where State: Equatable, Action: Equatable {
  /// Compares this recording with `other`, step by step, and finds the first place they differ.
  ///
  /// In order: the initial states; then, for each step number from 1, the step's origin and action, then the
  /// states recorded after it, when both recorded one, then the effects its reducer returned, when both
  /// recorded them; a recording that ends while the other goes on differs at the first step it lacks; last,
  /// the states the runs ended in, when both recorded one; and a recording that lacks its end
  /// (``lacksItsEnd``) differs there, since its run did not end normally. Nothing is replayed: this compares what the two files hold, for example a run
  /// recorded before and after a change, or on two machines. See ``RecordingComparison`` for what matches.
  ///
  /// - Parameters:
  ///   - other: the second recording; its lines are the `+` side of the summary's diffs.
  ///   - lastStep: compare up to this step only (`nil`: to the end of the longer recording). A recording that
  ///     ends before `lastStep` while the other goes on still differs there.
  public func compared(with other: Recording, through lastStep: Int? = nil) -> RecordingComparison<State, Action> {
    var result = RecordingComparison<State, Action>(stepsCompared: 0, statesCompared: 0, lastStep: lastStep)
    guard initialState == other.initialState else {
      result.difference = .initialState(first: initialState, second: other.initialState)
      return result
    }
    let longest = Swift.max(steps.count, other.steps.count)
    let count = lastStep.map { Swift.min(Swift.max($0, 0), longest) } ?? longest
    for index in 0..<count {
      let mine = index < steps.count ? steps[index] : nil
      let theirs = index < other.steps.count ? other.steps[index] : nil
      guard let mine, let theirs else {
        result.difference = .end(first: mine, second: theirs)
        return result
      }
      guard mine.origin == theirs.origin, mine.action == theirs.action else {
        result.difference = .step(first: mine, second: theirs)
        return result
      }
      if let myState = mine.state, let theirState = theirs.state {
        guard myState == theirState else {
          result.difference = .state(first: mine, firstState: myState, secondState: theirState)
          return result
        }
        result.statesCompared += 1
      }
      if let myEffects = mine.effects, let theirEffects = theirs.effects, myEffects != theirEffects {
        result.difference = .effects(first: mine, second: theirs)
        return result
      }
      result.stepsCompared += 1
    }
    guard count == longest else { return result }
    if let myEnd = finalState, let theirEnd = other.finalState {
      guard myEnd == theirEnd else {
        result.difference = .finalState(afterStep: count, first: myEnd, second: theirEnd)
        return result
      }
      result.statesCompared += 1
    }
    if lacksItsEnd || other.lacksItsEnd {
      result.difference = .endMissing(afterStep: count, inFirst: lacksItsEnd, inSecond: other.lacksItsEnd)
    }
    return result
  }
}
