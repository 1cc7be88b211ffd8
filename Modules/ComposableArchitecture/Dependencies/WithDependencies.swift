import Synchronization

/// Runs `operation` with the current dependencies changed by `updateValues`, and returns its result.
///
/// Only `operation`, and tasks it starts, see the changes. An object it returns keeps them: its `@Dependency`
/// properties captured them, and ``withDependencies(from:_:operation:fileID:line:)`` passes them on to the objects it
/// makes.
@discardableResult
public func withDependencies<Result>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try values.update(updateValues)
  let result = try DependencyValues.local.withValue(values, operation: operation)
  DependencyScopes.remember(values, for: result)
  return result
}

/// Runs asynchronous `operation` with the current dependencies changed by `updateValues`; see
/// ``withDependencies(_:operation:)``.
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try values.update(updateValues)
  let result = try await DependencyValues.local.withValue(values, operation: operation, isolation: isolation)
  DependencyScopes.remember(values, for: result)
  return result
}

/// Runs `operation` with the dependencies `parent` was made with, changed by `updateValues`: how a parent
/// object makes a child that inherits its overrides.
///
/// For a key set in more than one place, `updateValues` wins, then the values in effect where this is called
/// (an enclosing `withDependencies`, a test's trait), then those of `parent`, as in swift-dependencies: a
/// parent passes on what it was given, and the code that makes the child can still override any of it.
///
/// `parent`'s values are those it was returned with from a `withDependencies` call, found in a table, without
/// reflection; for an object no `withDependencies` returned, those its first `@Dependency` property captured
/// when the object was made. An object with neither is reported as a runtime warning, and the current
/// dependencies are used.
@discardableResult
public func withDependencies<Parent: AnyObject, Result>(
  from parent: Parent,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  line: UInt = #line
) rethrows -> Result {
  let values = inheritedValues(from: parent, at: SourceLocation(fileID: fileID, line: line))
  return try DependencyValues.local.withValue(values) {
    try withDependencies(updateValues, operation: operation)
  }
}

/// Runs asynchronous `operation` with the dependencies `parent` was made with, changed by `updateValues`;
/// see ``withDependencies(from:_:operation:fileID:line:)``.
@discardableResult
public func withDependencies<Parent: AnyObject, Result>(
  from parent: Parent,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  line: UInt = #line
) async rethrows -> Result {
  let values = inheritedValues(from: parent, at: SourceLocation(fileID: fileID, line: line))
  return try await DependencyValues.local.withValue(values, operation: {
    try await withDependencies(updateValues, operation: operation)
  }, isolation: isolation)
}

/// Runs `operation` with the dependencies `parent` was made with, under those in effect here: the
/// ``withDependencies(from:_:operation:fileID:line:)`` of a child that overrides nothing more.
@discardableResult
public func withDependencies<Parent: AnyObject, Result>(
  from parent: Parent,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  line: UInt = #line
) rethrows -> Result {
  try withDependencies(from: parent, { _ in }, operation: operation, fileID: fileID, line: line)
}

/// Runs asynchronous `operation` with the dependencies `parent` was made with, under those in effect here;
/// see ``withDependencies(from:operation:fileID:line:)``.
@discardableResult
public func withDependencies<Parent: AnyObject, Result>(
  from parent: Parent,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  line: UInt = #line
) async rethrows -> Result {
  try await withDependencies(from: parent, isolation: isolation, { _ in }, operation: operation, fileID: fileID, line: line)
}

/// `parent`'s values with the current ones on top, or the current values and a warning when `parent` has none.
private func inheritedValues<Parent: AnyObject>(from parent: Parent, at location: SourceLocation) -> DependencyValues {
  guard let parentValues = DependencyScopes.values(for: parent) ?? capturedValues(of: parent) else {
    RuntimeWarning.report(
      "withDependencies(from:) was given a \(Parent.self) that was not made inside withDependencies and has "
        + "no @Dependency property, so it carries no dependencies to inherit; the current ones are used. Make "
        + "the parent with withDependencies too.",
      at: location
    )
    return DependencyValues.current
  }
  return parentValues.merging(DependencyValues.current)
}

/// The values the first `@Dependency` property of `object` captured when the object was made, if it has one.
private func capturedValues(of object: AnyObject) -> DependencyValues? {
  Mirror(reflecting: object).children.lazy.compactMap { ($0.value as? any CapturedDependencies)?.capturedValues }
    .first
}

/// Captures the current dependencies so that an escaping closure can run with them later.
///
/// Task locals follow `Task { }` but not closures that outlive their scope, such as those given to
/// `DispatchQueue.asyncAfter` or a callback API. Inside `body`, pass the continuation into the closure and
/// run its work in `yield`:
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
///     dependencies.yield {
///       @Dependency(\.notes) var notes
///       Task {
///         continuation.resume(returning: (try? await notes.load().map(\.text)) ?? [])
///       }
///     }
///   }
/// }
/// ```
public func withEscapedDependencies<Result>(
  _ body: (DependencyValues.Continuation) throws -> Result
) rethrows -> Result {
  try body(DependencyValues.Continuation(values: DependencyValues.current))
}

extension DependencyValues {
  /// Dependencies captured by ``withEscapedDependencies(_:)``, to be re-entered later with ``yield(_:)``.
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Runs `operation` with the captured dependencies.
    public func yield<Result>(_ operation: () throws -> Result) rethrows -> Result {
      try DependencyValues.local.withValue(values, operation: operation)
    }

    /// Runs asynchronous `operation` with the captured dependencies.
    public func yield<Result>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> Result
    ) async rethrows -> Result {
      try await DependencyValues.local.withValue(values, operation: operation, isolation: isolation)
    }
  }
}

/// The dependencies each object returned by `withDependencies` was made with, for
/// `withDependencies(from:)`. Entries hold the object weakly and are pruned as objects go away.
///
/// The first registration of an object wins: it comes from the innermost `withDependencies`, which holds
/// every override in effect when the object was made, and an object merely passed back out of a later
/// `withDependencies` keeps the values it was really made with.
enum DependencyScopes {
  private struct Entry: Sendable {
    // Safe: the reference is only ever nil-checked and compared with `===`, never used to reach the
    // object's state, and loading a weak reference is atomic in the Swift runtime. Every access happens
    // while `table`'s lock is held.
    nonisolated(unsafe) weak var object: AnyObject?
    let values: DependencyValues
  }

  private static let table = Mutex<[ObjectIdentifier: Entry]>([:])

  static func remember<Result>(_ values: DependencyValues, for result: Result) {
    guard type(of: result as Any) is AnyClass else { return }
    let object = result as AnyObject
    table.withLock { table in
      if table.count >= 64, table.count.isPowerOfTwo {
        table = table.filter { $0.value.object != nil }
      }
      let id = ObjectIdentifier(object)
      if let existing = table[id], existing.object === object { return }
      table[id] = Entry(object: object, values: values)
    }
  }

  static func values(for object: AnyObject) -> DependencyValues? {
    table.withLock { table in
      guard let entry = table[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry.values
    }
  }
}

extension Int {
  fileprivate var isPowerOfTwo: Bool { self > 0 && self & (self - 1) == 0 }
}
