extension Store where Value: Encodable, Action: Encodable {
  /// Records every action this store reduces from now on to `recorder`, with where it came from, what
  /// effects the reducer returned for it (counted, see ``EffectSummary``) and, at the recorder's interval, the
  /// state after it.
  ///
  /// The recorder's header is written now, with the current state as the initial one. Only a root store
  /// records (a scoped store's actions are its root's): on a scoped store this raises a runtime warning and
  /// records nothing. A later call replaces the recorder. Recording costs nothing while no recorder is set,
  /// and, while one is, the encoding of each action (and of the state on snapshot steps).
  public func record(to recorder: Recorder<Value, Action>, fileID: StaticString = #fileID, line: UInt = #line) {
    guard let core else {
      reportIssue("Only a root store can record; this one is scoped from another.", fileID: fileID, line: line)
      return
    }
    recorder.start(from: core.value)
    core.onReduced = { action, origin, state, effects in
      recorder.record(action, origin: origin, state: state, effects: EffectSummary(effects))
    }
  }
}
