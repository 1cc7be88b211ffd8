import ComposableArchitecture
import FavoritePrimes
import PrimeTimeApp
import Synchronization

import Platform

/// What a signal's cleanup, which runs off the main actor, must know about the favourites' saves: whether
/// the favourites shown were changed since the last save that stored them, and whether a save is in flight.
///
/// Every field lives in one `Mutex`, so any thread may read or change it. The watched reducer counts each
/// change the user makes, synchronously as the action is handled (before its save can even start); the
/// watched client counts saves in flight and records, when one succeeds, the changes it stored. A change
/// that comes back from storage (a load, or another PrimeTime's favourites merged by a save) is not the
/// user's and needs no save. A save stores every change counted when it starts, as the REPL runs one
/// command (and waits for its save) at a time.
final class SaveWatch: Sendable {
  private struct Saves {
    /// How many times the user changed the favourites.
    var changes = 0
    /// How many of those changes the last successful save (or load) left in the file.
    var stored = 0
    var inFlight = 0
    /// Saves that failed and whose changes are not yet given back to the state (their `saveFailed` action has
    /// not been reduced): a last try before then would find no change to send.
    var failuresComingBack = 0
  }

  private let saves = Mutex(Saves())

  /// `reducer`, counting each change of the favourites made by the user, and taking a loaded list as stored.
  func watching(
    _ reducer: @escaping Reducer<AppState, AppAction, AppEnvironment>
  ) -> Reducer<AppState, AppAction, AppEnvironment> {
    { [self] state, action, environment in
      // Every change the user makes adds or removes favourites, so comparing counts finds each without
      // comparing lists.
      let before = state.favoritePrimes.count
      let effects = reducer(&state, action, environment)
      switch action {
      case .favoritePrimes(.loadedFavoritePrimes):
        saves.withLock { $0.stored = $0.changes }
      case .favoritePrimes(.favoritePrimesSaved):
        break
      case .favoritePrimes(.saveFailed):
        saves.withLock { $0.failuresComingBack = max($0.failuresComingBack - 1, 0) }
      default:
        if state.favoritePrimes.count != before {
          saves.withLock { $0.changes += 1 }
        }
      }
      return effects
    }
  }

  /// `client`, counting its saves in flight and noting which changes a successful one stored.
  func watching(_ client: FavoritePrimesClient) -> FavoritePrimesClient {
    FavoritePrimesClient(
      load: client.load,
      save: { [self] sent in
        let changes = saves.withLock { saves in
          saves.inFlight += 1
          return saves.changes
        }
        do {
          let stored = try await client.save(sent)
          saves.withLock { saves in
            saves.inFlight -= 1
            saves.stored = max(saves.stored, changes)
          }
          return stored
        } catch is CancellationError {
          // A cancelled save sends no action back.
          saves.withLock { $0.inFlight -= 1 }
          throw CancellationError()
        } catch {
          saves.withLock { saves in
            saves.inFlight -= 1
            saves.failuresComingBack += 1
          }
          throw error
        }
      },
      export: client.export,
      read: client.read,
      backup: client.backup,
      check: client.check
    )
  }

  /// Whether changes are unsaved and no save is in flight (nor a failed one's changes on their way back to the
  /// state): they deserve one last try.
  var needsLastTry: Bool {
    saves.withLock { $0.inFlight == 0 && $0.failuresComingBack == 0 && $0.stored < $0.changes }
  }

  /// Waits, polling every 5 milliseconds, until no save is in flight (and a failed one has given its changes
  /// back to the state) or `deadline` has passed; returns whether none is. For the signal cleanup only: a save
  /// that has started but not yet reached the database must get there before the database is closed, or it
  /// would fail on the closed database.
  @discardableResult
  func waitUntilNoSaveIsInFlight(until deadline: ContinuousClock.Instant) -> Bool {
    while saves.withLock({ $0.inFlight > 0 || $0.failuresComingBack > 0 }) {
      guard ContinuousClock.now < deadline else { return false }
      usleep(5_000)
    }
    return true
  }

  /// Whether ending now would lose changes: some were not stored by a save that finished.
  var changesAtRisk: Bool {
    saves.withLock { $0.inFlight > 0 || $0.stored < $0.changes }
  }
}
