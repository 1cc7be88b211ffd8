/// Sets dependencies for every later read that does not override them, without a scope: a program's, at its
/// entry point, or a test's, at its start.
///
/// ```swift
/// prepareDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// }
/// ```
///
/// Unlike ``withDependencies(_:operation:)``, which overrides values for a scope, this makes each value
/// `updateValues` sets the value of its key (in the context in effect, unless `updateValues` sets
/// ``DependencyValues/context``) wherever that key's default would be read: in a program, for the rest of the
/// process, by code outside any scope, tasks, stores and their effects alike; in a test, for the rest of that
/// test only (its body, its test stores, their effects), as swift-dependencies does. Overrides in effect where
/// it is called are not prepared, only what `updateValues` sets.
///
/// A dependency is prepared once, before anything reads it: preparing one that was already read or prepared
/// (in the program, or in the test) is reported, and the value in use is kept, since code may hold it. The
/// update may read the default of a key it writes into (`$0.client.fetch = ...`); that read does not count.
public func prepareDependencies(
  _ updateValues: (inout DependencyValues) throws -> Void,
  fileID: StaticString = #fileID,
  line: UInt = #line
) rethrows {
  let current = DependencyValues.current
  try prepareDependencies(
    in: current.defaultValues ?? DefaultValueCache.ofRunningTest ?? DefaultValueCache.process,
    from: current,
    updateValues,
    at: SourceLocation(fileID: fileID, line: line)
  )
}

/// ``prepareDependencies(_:fileID:line:)`` into `cache`, starting from `values`, reporting at `location`.
package func prepareDependencies(
  in cache: DefaultValueCache,
  from values: DependencyValues = DependencyValues(context: .detected),
  _ updateValues: (inout DependencyValues) throws -> Void,
  at location: SourceLocation
) rethrows {
  var values = values
  if values.defaultValues == nil, !cache.isProcess {
    // The update's reads of defaults then meet the values of `cache`, as every later read will.
    values.cacheDefaultValues(in: cache)
  }
  // Learned before `updateValues` runs: writing into part of a value reads its default first.
  let earlier = cache.madeWords
  var updated = values
  try updated.update(updateValues)
  let written = updated.overrides.filter { override in
    override.key != DependencyValues.defaultValuesKey
      && !values.overrides.contains { $0.key == override.key && $0.box === override.box }
  }
  let kept = cache.prepare(written, in: updated.context, unlessIn: earlier)
  for override in kept {
    RuntimeWarning.report(
      "prepareDependencies was given a \(DependencyValues.valueTypeName(of: override)) for a dependency that "
        + "was already read or prepared, so it is ignored and the value in use is kept. Prepare each dependency "
        + "once, before anything reads it: first thing at the program's entry point, or at the start of the "
        + "test. To override one for a scope, use withDependencies.",
      at: location
    )
  }
}
