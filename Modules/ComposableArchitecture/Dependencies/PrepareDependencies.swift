/// Sets the dependencies of the whole program, once, at its entry point, before anything reads them.
///
/// ```swift
/// prepareDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// }
/// ```
///
/// Unlike ``withDependencies(_:operation:)``, which overrides values for a scope, this makes each value given
/// the value of its key in the values' context (the detected one, unless `updateValues` sets
/// ``DependencyValues/context``) for every later read in the process that does not override it: code outside
/// any scope, tasks, stores and their effects alike.
///
/// Call it once, first thing. A second call, or a call after a dependency was read with its default (which
/// earlier code may then have kept), is reported; the values are used from then on all the same.
///
/// Tests do not see prepared values: test defaults are made per test (see the dependency traits of the test
/// support), so a test sets its dependencies with a trait or ``withDependencies(_:operation:)``.
public func prepareDependencies(
  _ updateValues: (inout DependencyValues) throws -> Void,
  fileID: StaticString = #fileID,
  line: UInt = #line
) rethrows {
  try prepareDependencies(
    in: DefaultValueCache.process,
    updateValues,
    at: SourceLocation(fileID: fileID, line: line)
  )
}

/// ``prepareDependencies(_:fileID:line:)`` into `cache`, reporting at `location`.
package func prepareDependencies(
  in cache: DefaultValueCache,
  _ updateValues: (inout DependencyValues) throws -> Void,
  at location: SourceLocation
) rethrows {
  // Learned before `updateValues` runs: writing into part of a value reads its default first.
  let readBefore = !cache.isEmpty
  var values = DependencyValues()
  try updateValues(&values)
  switch cache.prepare(values, readBefore: readBefore) {
  case .preparedTwice:
    RuntimeWarning.report(
      "prepareDependencies was called a second time; a program prepares its dependencies once. "
        + "The values of this call are used from now on. Prepare every dependency in one call, at the "
        + "program's entry point.",
      at: location
    )
  case .readBefore:
    RuntimeWarning.report(
      "prepareDependencies was called after a dependency was read, so the code that read it may keep "
        + "using its default. Call prepareDependencies first thing at the program's entry point.",
      at: location
    )
  case nil:
    break
  }
}
