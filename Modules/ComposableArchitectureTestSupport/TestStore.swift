public import ComposableArchitecture

/// Runs a protocol-style reducer in a test, step by step, and checks exhaustively what every step does.
///
/// ```swift
/// let store = TestStore(initialState: NextPrime.State(number: 7)) {
///   NextPrime()
/// } withDependencies: {
///   $0.primeSearch.nextPrime = { _ in 11 }
/// }
///
/// await store.send(.searchButtonTapped) {
///   $0.isSearching = true
/// }
/// await store.receive(.searchResponse(11)) {
///   $0.isSearching = false
///   $0.prime = 11
/// }
/// await store.finish()
/// ```
///
/// The rules are those of `assert(initialValue:reducer:environment:steps:)`: each `send` and `receive`
/// states the change it makes (a field-by-field diff shows any difference), every action an effect sends
/// must be received in order, and effects must have finished. End every test with
/// ``finish(timeout:fileID:filePath:line:column:)``, which checks the last two. A store that goes away
/// unfinished fails the test it was created in, naming what was left, under Swift Testing and XCTest alike;
/// under XCTest, so does a store still alive when its test ends. A store that outlives its test fails the
/// run and says so on standard error. Runtime warnings fail the test at the step that caused them.
///
/// Dependencies default to their test values whatever the process's context; override them in `init`'s
/// `prepareDependencies`, or later through ``dependencies``.
///
/// `receive` also takes a predicate (`receive { $0 == .incrTapped }`) or a case path, with or without a
/// payload (`receive(AppAction.counterCase .. CounterAction.nthPrimeResponseCase)`,
/// `receive(\.nthPrimeResponseCase, 17)`). Integration tests that assert only what they care about set
/// ``exhaustivity`` to `.off`; see ``Exhaustivity``.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable> {
  /// The dependencies the reducer and its effects run with; changes apply from the next step on.
  ///
  /// A key not overridden gets its default value made once per test and shared by the test's code, its
  /// stores, their reducers and their effects.
  public var dependencies: DependencyValues {
    get { box.values }
    set { box.values = newValue }
  }

  /// How long ``receive(_:timeout:fileID:filePath:line:column:_:)-(Action,_,_,_,_,_,_)``,
  /// ``finish(timeout:fileID:filePath:line:column:)`` and the finish of a task that `send` returned wait by
  /// default: 60 seconds unless the initializer was given another.
  ///
  /// A passing step never waits this long: it returns as soon as the action arrives or the effects end. The
  /// bound is generous because a test suite run in parallel on a small, loaded machine can keep an effect
  /// from running for half a minute (this repository's full run on two cores did, with every test's body
  /// queued before the effects it starts); a shorter one only makes a failing test fail sooner.
  public var timeout: Duration

  let run: ExhaustiveRun<State, Action>
  private let box: DependenciesBox
  private let location: TestLocation
  private let context: TestContext
  private let leftovers: LeftoverSnapshot
  private let registration: UInt64

  /// Creates a test store for `reducer`, starting from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: the state the test starts from, evaluated once, here, with the store's dependencies
  ///     (the test values, `prepareDependencies` applied), so a `State()` whose initializer reads
  ///     `@Dependency(\.uuid)` or `@Dependency(\.date)` gets the overrides.
  ///   - reducer: the protocol-style reducer under test, made here with the store's dependencies (so a
  ///     `@Dependency` it captures when made gets the overrides); it runs, with its effects, under them.
  ///     dependencies.
  ///   - timeout: how long receiving and finishing wait by default.
  ///   - fileID: the file a failure about the store as a whole (left unfinished, outliving its test) names.
  ///   - filePath: the path of that file, where Swift Testing and XCTest report such a failure.
  ///   - line: the line such a failure names.
  ///   - column: the column such a failure names.
  ///   - prepareDependencies: overrides applied on top of the test values, for the whole test.
  public init<R: ReducerProtocol>(
    initialState: @autoclosure () -> State,
    reducer: @autoclosure () -> R,
    timeout: Duration = .seconds(60),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    // A context a trait or an enclosing withDependencies chose explicitly (`.dependency(\.context, .preview)`)
    // stands; otherwise the store runs with the test values.
    if !dependencies.isContextExplicit {
      dependencies.context = .test
    }
    dependencies.cacheDefaultValuesUnlessCached()
    // Each store counts its stack ids from #0, as TCA's test stores do, unless an enclosing scope set the
    // count: defaults are otherwise shared by every store of a test.
    if dependencies.override(for: StackElementIDGenerator.self) == nil {
      dependencies.stackElementID = .incrementing
    }
    dependencies.update(prepareDependencies)
    let box = DependenciesBox(dependencies)
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let context = TestContext.current
    // A runtime warning while the initial state is built (an unstubbed dependency it reads) points here.
    let (initialState, reducer) = RuntimeWarning.withHandler({ message, warningLocation in
      reportFailure(
        "Runtime warning\(warningLocation.map { " at \($0)" } ?? ""): \(message)",
        kind: .runtimeWarning,
        at: location,
        collector: context.collector
      )
    }, operation: { withDependencies({ $0 = dependencies }) { (initialState(), reducer()) } })
    self.box = box
    self.timeout = timeout
    self.location = location
    self.context = context
    run = ExhaustiveRun(initialState: initialState) { state, action in
      [withDependencies({ $0 = box.values }) { reducer.reduce(into: &state, action: action) }]
    }
    leftovers = run.recorder.leftovers
    registration = LiveTestStores.shared.register(leftovers, context: context, location: location)
    context.onXCTestCaseEnd { [context, leftovers, location] in
      context.reportLeftovers(
        leftovers.takeReport(moment: "when the test ended, with the test store still alive"),
        ofStoreCreatedAt: location
      )
    }
  }

  /// Creates a test store for the reducer `reducer` builds, starting from `initialState`: TCA 1.x's shape.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Tally.State()) {
  ///   Tally()
  /// } withDependencies: {
  ///   $0.clock = clock
  /// }
  /// ```
  ///
  /// The same store as ``init(initialState:reducer:timeout:fileID:filePath:line:column:withDependencies:)``:
  /// the reducer and the initial state are made with the store's dependencies, `prepareDependencies` applied.
  public convenience init<R: ReducerProtocol>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(60),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(),
      reducer: reducer(),
      timeout: timeout,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      withDependencies: prepareDependencies
    )
  }

  // Not isolated: an isolated deinit runs without the test's task locals, so it could not tell Swift Testing
  // which test failed. This one only reads the thread-safe snapshot of what is left, and reports it to the
  // test captured at init; the running effects are cancelled when the recorder's runner goes away.
  deinit {
    LiveTestStores.shared.unregister(registration)
    context.reportLeftovers(leftovers.takeReport(moment: "when the test store went away"), ofStoreCreatedAt: location)
  }

  /// The current state.
  public var state: State { run.state }

  /// Sends `action`, as a user would, and checks that the state changes exactly as `update` describes.
  ///
  /// `update` gets the state before the step (as ``state`` still is while it runs) and sets what the step
  /// changes; a closure that changes nothing while the state did not change fails: drop it instead. Fails
  /// once if actions that effects sent earlier have not been received yet; they stay receivable, before the
  /// actions this step's effects send. With ``exhaustivity`` `.off`, those actions are reduced first instead,
  /// and `update` checks only what it sets.
  ///
  /// Returns a task covering the effects the action started: cancel it to end a long-living effect, such as
  /// a timer, or await its ``TestStoreTask/finish(timeout:fileID:filePath:line:column:)``.
  @discardableResult
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async -> TestStoreTask {
    run.recorder.startSend()
    run.send(action, update: update, at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return TestStoreTask(
      group: run.recorder.lastGroup ?? EffectGroup(),
      effects: run.recorder,
      timeout: timeout,
      step: "send \(ValueDump.inline(action))"
    )
  }

  /// Waits for the next action an effect sends, checks it is `action`, reduces it, and checks that the state
  /// changes exactly as `update` describes.
  ///
  /// With ``exhaustivity`` `.off`, earlier received actions are skipped (reduced without checks) until one
  /// is `action`. Other forms receive by predicate and by case path.
  public func receive(
    _ action: Action,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.equal(to: action), timeout, fileID, filePath, line, column, update)
  }

  /// Ends the test: waits for every running effect to finish, fails naming those still running after
  /// `timeout` (and cancels them), and fails for every received action that no `receive` asserted.
  ///
  /// Effects passed to ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` are not waited for. With
  /// ``exhaustivity`` `.off`, the actions effects send meanwhile are reduced, and what is left is no failure.
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
