public import ComposableArchitecture

extension TestStore {
  /// Waits for the next action an effect sends, checks that `isMatching` accepts it, reduces it, and checks
  /// the state as `update` describes.
  ///
  /// ```swift
  /// await store.receive({ if case .searchResponse = $0 { true } else { false } }) {
  ///   $0.isSearching = false
  ///   $0.prime = 11
  /// }
  /// ```
  ///
  /// With ``exhaustivity`` `.off`, earlier actions the predicate rejects are skipped (reduced) instead.
  public func receive(
    _ isMatching: @escaping (Action) -> Bool,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.matching(isMatching), timeout, fileID, filePath, line, column, update)
  }

  /// Waits for the next action an effect sends, checks that it is of the case `casePath` names, whatever its
  /// payload, reduces it, and checks the state as `update` describes.
  ///
  /// Case paths compose: `receive(AppAction.counterCase .. CounterAction.nthPrimeResponseCase)`. A feature
  /// that declares its case paths as static members of `CasePath` can write `receive(.nthPrimeResponse)`.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.of(casePath), timeout, fileID, filePath, line, column, update)
  }

  /// Waits for the next action an effect sends, checks that it is `casePath`'s case with `payload`, reduces
  /// it, and checks the state as `update` describes; a wrong action or payload fails with a diff.
  public func receive<Value: Equatable>(
    _ casePath: CasePath<Action, Value>,
    _ payload: Value,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.of(casePath, payload), timeout, fileID, filePath, line, column, update)
  }

  /// The case path form, with the case path named by a key path to the action type's static member:
  /// `receive(\.nthPrimeResponseCase)`.
  ///
  /// Declare the case path as a `static let` inside the enum's body, or as a computed `static var` in an
  /// extension. A `static let` declared in an extension in another module compiles, but the key path to it
  /// crashes the test process at run time (signal 11, a Swift 6.3 compiler bug); for such a case path, pass
  /// the value instead: `receive(Feature.Action.tickCase)`, which works wherever it is declared.
  public func receive<Value>(
    _ casePath: KeyPath<Action.Type, CasePath<Action, Value>>,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.of(Action.self[keyPath: casePath]), timeout, fileID, filePath, line, column, update)
  }

  /// The case path and payload form, with the case path named by a key path to the action type's static
  /// member: `receive(\.nthPrimeResponseCase, 17)`.
  ///
  /// Declare the case path as a `static let` inside the enum's body, or as a computed `static var` in an
  /// extension. A `static let` declared in an extension in another module compiles, but the key path to it
  /// crashes the test process at run time (signal 11, a Swift 6.3 compiler bug); for such a case path, pass
  /// the value instead: `receive(Feature.Action.tickCase)`, which works wherever it is declared.
  public func receive<Value: Equatable>(
    _ casePath: KeyPath<Action.Type, CasePath<Action, Value>>,
    _ payload: Value,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.of(Action.self[keyPath: casePath], payload), timeout, fileID, filePath, line, column, update)
  }

  /// The one way every `receive` form waits, checks and reduces.
  func receive(
    _ expectation: ActionExpectation<Action>,
    _ timeout: Duration?,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt,
    _ update: ((inout State) throws -> Void)?
  ) async {
    await run.receive(
      expectation,
      timeout: timeout ?? self.timeout,
      update: update,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
