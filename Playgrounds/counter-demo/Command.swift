import ComposableArchitecture
import Counter
import Primes
import Terminal

/// A command of the counter demo: the counter screen's buttons and alert, and the modal's.
enum Command: Sendable {
  case decrement
  case dismiss
  case increment
  case isThisPrime
  case nthPrime
  case removeFavorite
  case saveFavorite
  case set(Int)

  /// The commands in the order `help` lists them.
  static let table = CommandTable<Command>([
    .noArguments("+", aliases: ["incr"], summary: "Count up by one", command: .increment),
    .noArguments("-", aliases: ["decr"], summary: "Count down by one", command: .decrement),
    .integer(
      "set",
      usage: "set N",
      summary: "Set the count to N",
      detail: "'set 97' then 'prime' asks whether 97 is prime.",
      needs: "a number like 'set 42'",
      make: Command.set
    ),
    .noArguments(
      "nth",
      summary: "Ask for the nth prime, where n is the count",
      detail: "After '+' and '+', 'nth' shows 'The 2nd prime is 3' until 'ok'.",
      command: .nthPrime
    ),
    .noArguments(
      "prime",
      summary: "Ask whether the count is prime, opening the modal",
      detail: "The modal stays open until 'ok'; 'fav' and 'unfav' change the button it shows.",
      command: .isThisPrime
    ),
    .noArguments("fav", summary: "Save the count to the favorite primes", command: .saveFavorite),
    .noArguments("unfav", summary: "Remove the count from the favorite primes", command: .removeFavorite),
    .noArguments(
      "ok",
      summary: "Dismiss what is on top: the modal, else the nth-prime alert",
      command: .dismiss
    ),
  ])

  /// Does the command on `store`, waiting for every effect it starts, and reports the screen it leaves
  /// (what is on top) or why it failed.
  @MainActor
  func run(in store: Store<CounterViewState, CounterViewAction>) async -> CommandResult {
    let state = store.value
    let count = state.count
    switch self {
    case .decrement:
      return await send(.decrTapped, to: store)
    case .increment:
      return await send(.incrTapped, to: store)
    case .set(let count):
      return await send(.countEntered(count), to: store)
    case .nthPrime:
      let outcome = await send(.nthPrimeButtonTapped, to: store)
      guard case .output = outcome, store.value.alertNthPrime == nil else { return outcome }
      // Ctrl-C withdrew the question before it was answered.
      return .output(["Stopped looking for the \(ordinal(count)) prime."])
    case .isThisPrime:
      return await send(.isPrimeButtonTapped, to: store)
    case .dismiss:
      if state.isPrimeModalShown {
        return await send(.primeModalDismissed, to: store)
      }
      if state.alertNthPrime != nil {
        return await send(.alertDismissButtonTapped, to: store)
      }
      return .failure("Nothing to dismiss.")
    case .saveFavorite:
      guard isPrime(count) else {
        return .failure("\(count) is not prime, so it can't be a favorite prime.")
      }
      guard !state.favoritePrimes.contains(count) else {
        return .failure("\(count) is already a favorite prime.")
      }
      await store.send(.primeModal(.saveFavoritePrimeTapped)).finish()
      return .output(renderCounter(store.value))
    case .removeFavorite:
      guard state.favoritePrimes.contains(count) else {
        return .failure("\(count) is not a favorite prime.")
      }
      await store.send(.primeModal(.removeFavoritePrimeTapped)).finish()
      return .output(renderCounter(store.value))
    }
  }

  /// Sends a counter action and waits for its effects; the problem it leaves, if any, is the failure.
  @MainActor
  private func send(
    _ action: CounterAction,
    to store: Store<CounterViewState, CounterViewAction>
  ) async -> CommandResult {
    await store.send(.counter(action)).finish()
    if let problem = store.value.problem {
      return .failure(problem.description)
    }
    return .output(renderCounter(store.value))
  }
}
