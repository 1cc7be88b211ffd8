public import ComposableArchitecture
public import Counter
import PrimeModal
public import PrimeModalTerminal
import Primes
public import REPL
public import LineEditor

/// The counter screen's terminal front end: ``CounterCommand``s become the taps a person would make on a
/// store of the screen, and the state reads as ``renderCounter(_:)`` draws it.
///
/// It decides nothing: each command sends its actions, waits for the work they start, then reports the
/// problem the reducer recorded or renders the state. The modal's buttons run on ``primeModal``, the modal's
/// own front end over a scope of this store, after opening the modal as a tap on "Is this prime?" would;
/// the prompt (``location``) then says the modal is open.
///
/// ```swift
/// let frontEnd = CounterFrontEnd(store: store)
/// let progress = frontEnd.showProgress(on: statusLine)
/// let repl = REPL(name: "counter-demo", commands: frontEnd.commands, prompt: { "\(frontEnd.location)> " },
///                 onInterrupt: { Task { @MainActor in frontEnd.cancelNthPrime() } })
/// let status = await repl.run { command in await frontEnd.run(command) }
/// progress.cancel()
/// ```
@MainActor
public struct CounterFrontEnd: FrontEnd {
  /// The store the commands act on.
  public let store: Store<CounterViewState, CounterViewAction>
  /// The modal's front end, on the modal's part of ``store``.
  public let primeModal: PrimeModalFrontEnd

  /// Creates the front end over `store`: the screen's own, or one the app scopes to the screen.
  public init(store: Store<CounterViewState, CounterViewAction>) {
    self.store = store
    self.primeModal = PrimeModalFrontEnd(
      store: store.scope(value: \.primeModalContents, action: { .primeModal(.presented($0)) })
    )
  }

  /// All of ``CounterCommand/table``.
  public var commands: CommandTable<CounterCommand> { CounterCommand.table }

  /// Where the person is, for the prompt: `count 7`; `count 7 · is it prime?` while the modal is open;
  /// `count 7 · 7th prime` while the answer shows.
  public var location: String {
    let state = store.value
    if state.primeModal.wrappedValue != nil {
      return primeModal.location
    }
    if let alert = state.counter.alertNthPrime {
      return "count \(state.counter.count) · \(ordinal(alert.n)) prime"
    }
    return "count \(state.counter.count)"
  }

  /// Does `command`, waiting for all the work it starts (an nth prime included); then the screen, or the
  /// problem the state records. `nth` shows the answer, or that the question was withdrawn
  /// (``renderNthPrime(_:)``).
  public func run(_ command: CounterCommand) async -> CommandResult {
    switch command {
    case .increment:
      return await send(.incrTapped, render: renderCounter)
    case .decrement:
      return await send(.decrTapped, render: renderCounter)
    case let .set(count):
      return await send(.countEntered(count), render: renderCounter)
    case let .isThisPrime(count):
      return await send(.isPrimeButtonTapped, entering: count, render: renderCounter)
    case let .nthPrime(count):
      return await send(.nthPrimeButtonTapped, entering: count, render: renderNthPrime)
    case .dismiss:
      return await send(.okTapped, render: renderCounter)
    case let .primeModal(command):
      // One send: a modal button opens the modal itself (``Counter/counterViewReducer``).
      return await primeModal.run(command)
    }
  }

  /// Withdraws the nth-prime question in flight, if any: what Ctrl-C does while `nth` runs. The search stops
  /// within milliseconds, and `nth` then says it stopped.
  public func cancelNthPrime() {
    store.send(.counter(.nthPrimeCancelButtonTapped))
  }

  /// The waiting line (``renderNthPrimeProgress(_:)``) as it changes, on `statusLine`, from the moment an
  /// nth-prime question is asked, erased once it is answered or withdrawn; until the returned observation is
  /// cancelled.
  public func showProgress(on statusLine: StatusLine) -> StoreObservation {
    // What the line is made of, compared rather than the line itself, which would be built twice per change.
    store.observe(removeDuplicates: { Self.showSameProgress($0.counter, $1.counter) }) { state in
      if let line = renderNthPrimeProgress(state) {
        statusLine.show(line)
      } else {
        statusLine.clear()
      }
    }
  }

  /// Whether ``renderNthPrimeProgress(_:)`` says the same of both: no question in flight, or the same n at the
  /// same progress.
  private static func showSameProgress(_ old: CounterState, _ new: CounterState) -> Bool {
    guard old.isNthPrimeButtonDisabled, new.isNthPrimeButtonDisabled else {
      return old.isNthPrimeButtonDisabled == new.isNthPrimeButtonDisabled
    }
    return old.count == new.count && old.nthPrimeProgress == new.nthPrimeProgress
  }

  /// Sends `action` and waits for the work it starts; then the problem it left, or the state as `render` draws
  /// it.
  private func send(_ action: CounterAction, render: (CounterViewState) -> [String]) async -> CommandResult {
    await store.send(.counter(action)).finish()
    let state = store.value
    if let problem = state.counter.problem {
      return .failure(problem.description)
    }
    return .output(render(state))
  }

  /// Types `count` in first, when the command gave one, and sends `action` only if that left no problem.
  private func send(_ action: CounterAction, entering count: Int?, render: (CounterViewState) -> [String]) async
    -> CommandResult
  {
    if let count {
      await store.send(.counter(.countEntered(count))).finish()
      if let problem = store.value.counter.problem {
        return .failure(problem.description)
      }
    }
    return await send(action, render: render)
  }
}
