import ComposableArchitecture

/// Moves ``AppState/tab`` to the tab an action shows (``AppAction/tabShown``): a person's action on a screen
/// shows that screen, choosing a tab shows it, and nothing effects send back moves the person.
let navigationReducer: Reducer<AppState, AppAction, AppEnvironment> = { state, action, _ in
  if let tab = action.tabShown {
    state.tab = tab
  }
  return []
}
