import FavoritePrimes
import Synchronization

/// What a signal's cleanup, which runs off the main actor, must know about the favourites' saves: whether
/// one is in flight, and whether the last one failed (or the app's state says the list is unsaved).
///
/// Every field lives in one `Mutex`, so any thread may read or change it; the watched client updates it
/// as each save starts and ends, and a store observer mirrors ``PrimeTimeApp/AppState``'s
/// `favoritePrimesHaveUnsavedChanges` (which a load also resets). The client learns a save's outcome before
/// the store does, so the two never disagree for long: the state changes only after the client has.
final class SaveWatch: Sendable {
  private struct Saves {
    var inFlight = 0
    var unsaved = false
  }

  private let saves = Mutex(Saves())

  /// `client`, counting its saves in flight and noting whether the last one failed.
  func watching(_ client: FavoritePrimesClient) -> FavoritePrimesClient {
    FavoritePrimesClient(
      load: client.load,
      save: { [self] primes in
        saves.withLock { $0.inFlight += 1 }
        do {
          let stored = try await client.save(primes)
          saves.withLock { saves in
            saves.inFlight -= 1
            saves.unsaved = false
          }
          return stored
        } catch {
          saves.withLock { saves in
            saves.inFlight -= 1
            saves.unsaved = true
          }
          throw error
        }
      }
    )
  }

  /// Takes in the app state's word on whether the favourites shown are unsaved.
  func mirror(unsavedChanges: Bool) {
    saves.withLock { $0.unsaved = unsavedChanges }
  }

  /// Whether an earlier save failed and none is in flight: the changes deserve one last try.
  var needsLastTry: Bool {
    saves.withLock { $0.inFlight == 0 && $0.unsaved }
  }

  /// Whether ending now would lose changes: a save is still in flight, or the last one failed.
  var changesAtRisk: Bool {
    saves.withLock { $0.inFlight > 0 || $0.unsaved }
  }
}
