public import ComposableArchitecture
import Counter
import CounterTerminal
import FavoritePrimes
import FavoritePrimesTerminal
public import Foundation
import PrimeModal
import PrimeModalTerminal
import Primes

/// Runs ``AppCommand``s on the app's store, as a front end does for each line a person types: sends the
/// actions, waits for every effect they start, and says what to show, or why the command failed.
///
/// Where the person is lives in the state (``AppState/screen``): each command's actions move it, and the
/// prompt only reads it. A command that the state makes impossible (saving a number that is not prime)
/// fails without sending anything; deleting past the end of the list is refused by the favourites'
/// reducer.
@MainActor
public final class Interpreter {
  /// What a command produced.
  public enum Outcome: Equatable, Sendable {
    /// Lines to show, one per line of the screen.
    case output([String])
    /// One sentence saying what went wrong and what to do instead.
    case failure(String)
  }

  /// The store the commands act on.
  public let store: Store<AppState, AppAction>
  /// The time zone the activity feed is shown in.
  public var timeZone: TimeZone

  /// Creates an interpreter for `store`, showing times in `timeZone`.
  public init(store: Store<AppState, AppAction>, timeZone: TimeZone = .current) {
    self.store = store
    self.timeZone = timeZone
  }

  /// Where the person is, for the prompt: `count 7`, `count 7 · is it prime?`, `count 7 · 7th prime`,
  /// `favorites (3)` or `activity (5)`.
  public var location: String {
    let state = store.value
    switch state.screen {
    case .counter:
      return "count \(state.count)"
    case .primeModal:
      return "count \(state.count) · is it prime?"
    case let .nthPrimeAnswer(alert):
      return "count \(state.count) · \(ordinal(alert.n)) prime"
    case .favorites:
      return "favorites (\(state.favoritePrimes.count))"
    case .activity:
      return "activity (\(state.activityFeed.count))"
    }
  }

  /// Does `command`, waiting for all the work it starts (an nth prime, a save) before returning.
  ///
  /// An nth-prime search withdrawn meanwhile (``cancelNthPrime()``) ends with a line saying it stopped.
  public func run(_ command: AppCommand) async -> Outcome {
    let state = store.value
    switch command {
    case .increment:
      return await changeCount(.incrTapped)
    case .decrement:
      return await changeCount(.decrTapped)
    case let .set(count):
      return await changeCount(.countEntered(count))
    case .isThisPrime:
      return await counter(.isPrimeButtonTapped)
    case .nthPrime:
      let outcome = await counter(.nthPrimeButtonTapped)
      guard case .output = outcome else { return outcome }
      // The answer, even when the modal is open on top of it.
      guard let alert = store.value.alertNthPrime else {
        return .output(["Stopped looking for the \(ordinal(state.count)) prime."])
      }
      return .output([alert.title])
    case .dismiss:
      if state.isPrimeModalShown {
        return await counter(.primeModalDismissed)
      }
      if state.alertNthPrime != nil {
        return await counter(.alertDismissButtonTapped)
      }
      return .failure("Nothing to dismiss: no modal or nth-prime answer is showing.")
    case .saveFavorite:
      guard isPrime(state.count) else {
        return .failure("\(state.count) is not prime, so it can't be a favorite prime.")
      }
      guard !state.favoritePrimes.contains(state.count) else {
        return .failure("\(state.count) is already a favorite prime.")
      }
      return await modal(.saveFavoritePrimeTapped)
    case .removeFavorite:
      guard state.favoritePrimes.contains(state.count) else {
        return .failure("\(state.count) is not a favorite prime.")
      }
      return await modal(.removeFavoritePrimeTapped)
    case .favorites:
      await store.send(.tabSelected(.favorites)).finish()
      return .output(renderFavoritePrimes(store.value.favoritePrimesState))
    case let .delete(positions):
      // The reducer refuses positions the list lacks.
      return await favorites(.deleteFavoritePrimes(favoritePrimesOffsets(ofPositions: positions)))
    case .save:
      let outcome = await favorites(.saveButtonTapped)
      guard case .output = outcome else { return outcome }
      return .output(renderFavoritePrimesSaved(store.value.favoritePrimesState))
    case .load:
      return await favorites(.loadButtonTapped)
    case .activity:
      await store.send(.tabSelected(.activity)).finish()
      return .output(renderActivity(store.value.activityFeed, timeZone: timeZone))
    }
  }

  /// Withdraws the nth-prime question in flight, if any: what Ctrl-C does while `nth` runs. The search stops
  /// within milliseconds and no answer shows.
  public func cancelNthPrime() {
    store.send(.counterView(.counter(.nthPrimeCancelButtonTapped)))
  }

  /// Changes the count, first dismissing an nth-prime answer still showing: it is about the old count, and
  /// the new one is what the person wants to see.
  private func changeCount(_ action: CounterAction) async -> Outcome {
    if store.value.alertNthPrime != nil {
      await store.send(.counterView(.counter(.alertDismissButtonTapped))).finish()
    }
    return await counter(action)
  }

  /// Sends a counter action; the counter screen, or the problem the action left.
  private func counter(_ action: CounterAction) async -> Outcome {
    await store.send(.counterView(.counter(action))).finish()
    if let problem = store.value.counterProblem {
      return .failure(problem.description)
    }
    return .output(renderCounter(store.value.counterView))
  }

  /// Sends a modal action; the modal as it now reads, shown or not, or the save that failed.
  private func modal(_ action: PrimeModalAction) async -> Outcome {
    await store.send(.counterView(.primeModal(action))).finish()
    if let problem = store.value.favoritePrimesProblem {
      return .failure(problem.description)
    }
    let state = store.value
    return .output(renderPrimeModal(PrimeModalState(count: state.count, favoritePrimes: state.favoritePrimes)))
  }

  /// Sends a favourites action; the list, or the problem the action left.
  private func favorites(_ action: FavoritePrimesAction) async -> Outcome {
    await store.send(.favoritePrimes(action)).finish()
    if let problem = store.value.favoritePrimesProblem {
      return .failure(problem.description)
    }
    return .output(renderFavoritePrimes(store.value.favoritePrimesState))
  }
}
