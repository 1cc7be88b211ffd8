import ComposableArchitecture

extension DependencyValues {
  /// Makes default values once per test from here on, unless they already are (by a ``DependenciesTrait``):
  /// in the running test's cache, which the store then shares with the test's other reads, or, outside any
  /// test, once for the store.
  mutating func cacheDefaultValuesUnlessCached() {
    guard defaultValueScope == nil else { return }
    if let cache = RunningTestDefaultValues.current() {
      cacheDefaultValues(in: cache)
    } else {
      cacheDefaultValues(for: "TestStore")
    }
  }
}
