import ComposableArchitecture

extension TestStore {
  /// How strictly the store checks what the test does not assert; settable at any point of a test.
  ///
  /// See ``Exhaustivity``. Changes apply from the next step on.
  public var exhaustivity: Exhaustivity {
    get { run.exhaustivity }
    set { run.exhaustivity = newValue }
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores the previous setting.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.addButtonTapped)
  /// }
  /// await store.receive(.saved)
  /// ```
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    let previous = run.exhaustivity
    run.exhaustivity = exhaustivity
    defer { run.exhaustivity = previous }
    return try await operation()
  }

  /// Reduces every action effects have sent back and no step received yet, in order, without asserting them.
  ///
  /// Only actions that have arrived are skipped: right after a `send`, an effect's answer may still be on its
  /// way, so await the send's ``TestStoreTask/finish(timeout:fileID:filePath:line:column:)`` first. Actions
  /// those reductions send synchronously are reduced too. Effects keep running; actions they send
  /// later must still be received (or skipped). With `strict` (the default), the call fails when there was
  /// nothing to skip.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    run.skipReceivedActions(
      strict: strict,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Stops counting the effects running now as work left at the end of the test, without cancelling them.
  ///
  /// ``finish(timeout:fileID:filePath:line:column:)`` does not wait for them, and a store that goes away does
  /// not report them. They keep running until they end, are cancelled by an action, or the store goes away
  /// (or `finish` cancels the effects it timed out on). Actions they send are still received actions:
  /// receive or skip them. With `strict` (the default), the call fails when no effect was left to skip.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    run.skipInFlightEffects(
      strict: strict,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
