import ComposableArchitecture

extension DependencyValues {
  /// Makes default values once per store from here on, unless they are already made once for a scope (the
  /// test's, given by a ``DependenciesTrait``), which the store then shares.
  mutating func cacheDefaultValuesUnlessCached() {
    if defaultValueScope == nil {
      cacheDefaultValues(for: "TestStore")
    }
  }
}
