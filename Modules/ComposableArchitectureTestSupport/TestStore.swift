public import ComposableArchitecture

/// Runs a protocol-style reducer in a test, step by step, and checks exhaustively what every step does.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(), reducer: Counter()) {
///   $0.nthPrime = .answering(17)
/// }
/// await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
/// await store.receive(.nthPrimeResponse(n: 0, prime: 17)) {
///   $0.isRequestInFlight = false
///   $0.alert = PrimeAlert(n: 0, prime: 17)
/// }
/// await store.finish()
/// ```
///
/// The rules are those of `assert(initialValue:reducer:environment:steps:)`: each `send` and `receive`
/// states the change it makes (a field-by-field diff shows any difference), every action an effect sends
/// must be received in order, and effects must have finished. End every test with
/// ``finish(timeout:fileID:filePath:line:column:)``, which checks the last two; a store that goes away
/// unfinished still reports what was left, but Swift Testing cannot tell which test it belonged to. Runtime
/// warnings fail the test at the step that caused them.
///
/// Dependencies default to their test values whatever the process's context; override them in `init`'s
/// `prepareDependencies`, or later through ``dependencies``.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable> {
  /// The dependencies the reducer and its effects run with; changes apply from the next step on.
  ///
  /// A key not overridden gets its default value made once and shared by the reducer and its effects: once
  /// per test in a test with a ``DependenciesTrait``, else once per store.
  public var dependencies: DependencyValues {
    get { box.values }
    set { box.values = newValue }
  }

  /// How long ``receive(_:timeout:fileID:filePath:line:column:_:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait by default: 30 seconds unless the initializer
  /// was given another.
  ///
  /// A passing step never waits this long: it returns as soon as the action arrives or the effects end. The
  /// bound is generous because a test suite run in parallel on a small, loaded machine can keep an effect
  /// from running for several seconds; a shorter one only makes a failing test fail sooner.
  public var timeout: Duration

  private let run: ExhaustiveRun<State, Action>
  private let box: DependenciesBox
  private let location: TestLocation
  private let collector: FailureCollector?

  /// Creates a test store for `reducer`, starting from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: the state the test starts from, evaluated once, here, with the store's dependencies
  ///     (the test values, `prepareDependencies` applied), so a `State()` whose initializer reads
  ///     `@Dependency(\.uuid)` or `@Dependency(\.date)` gets the overrides.
  ///   - prepareDependencies: overrides applied on top of the test values, for the whole test.
  ///   - timeout: how long receiving and finishing wait by default.
  public init<R: ReducerProtocol>(
    initialState: @autoclosure () -> State,
    reducer: R,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    dependencies.context = .test
    dependencies.cacheDefaultValuesUnlessCached()
    prepareDependencies(&dependencies)
    let box = DependenciesBox(dependencies)
    let initialState = withDependencies({ $0 = dependencies }, operation: initialState)
    self.box = box
    self.timeout = timeout
    location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    collector = FailureCollector.current
    run = ExhaustiveRun(initialState: initialState) { state, action in
      [withDependencies({ $0 = box.values }) { reducer.reduce(into: &state, action: action) }]
    }
  }

  isolated deinit {
    // Task locals are not visible in a deinit, hence the collector captured at init.
    run.checkEverythingWasAsserted(at: location, collector: collector)
  }

  /// The current state.
  public var state: State { run.state }

  /// Sends `action`, as a user would, and checks that the state changes exactly as `update` describes.
  ///
  /// Fails if actions that effects sent earlier have not been received yet (they are listed, then dropped).
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    run.send(action, update: update, at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next action an effect sends, checks it is `action`, reduces it, and checks that the state
  /// changes exactly as `update` describes.
  public func receive(
    _ action: Action,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await run.receive(
      action,
      timeout: timeout ?? self.timeout,
      update: update,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Ends the test: waits for every running effect to finish, fails naming those still running after
  /// `timeout` (and cancels them), and fails for every received action that no `receive` asserted.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await run.finish(timeout: timeout ?? self.timeout, at: location)
    run.checkReceivedActionsWereAsserted(at: location)
  }
}

/// The test store's dependencies, shared with the reduce closure so that changes reach the next step.
@MainActor
private final class DependenciesBox {
  var values: DependencyValues

  init(_ values: DependencyValues) {
    self.values = values
  }
}
