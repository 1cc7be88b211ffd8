import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import Synchronization
import Testing

/// A long import or backup stops when asked (Ctrl-C, the end of the session): its work is cancelled, and
/// nothing of it shows: an import's primes join the list only once all are stored, and a stop says so in one
/// line.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FavoritePrimesStopTests {
  /// A client that reads `text` for any path, and whose import's save reports `reported`, then waits until its
  /// task is cancelled, which `cancelled` records.
  private func clientWhoseImportWaits(
    reading text: String,
    reporting reported: Int,
    cancelled: CancellationSeen
  ) -> FavoritePrimesClient {
    FavoritePrimesClient(
      load: FavoritePrimesClient.failing.load,
      save: FavoritePrimesClient.failing.save,
      saveImport: { _, progress in
        progress(reported)
        do {
          try await Task.sleep(for: .seconds(60))
        } catch {
          cancelled.note()
          throw error
        }
        return FavoritePrimesSync()
      },
      read: { _ in text }
    )
  }

  @Test func anImportStoppedWhileItsSaveRunsAddsNothingAndSaysSo() async {
    let cancelled = CancellationSeen()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = clientWhoseImportWaits(reading: "2\n3\n5\n", reporting: 1, cancelled: cancelled)
    }
    await store.send(.importTapped(path: "in.txt")) { $0.importing = FavoritePrimesImport(path: "in.txt") }
    await store.receive(.importParsed(primes: [2, 3, 5], skipped: [])) {
      $0.importing = FavoritePrimesImport(path: "in.txt", added: [2, 3], already: 1)
    }
    await store.receive(.importProgress(stored: 1)) { $0.importing?.stored = 1 }
    await store.send(.stopTapped) {
      $0.importing = nil
      $0.notice = .importStopped(path: "in.txt")
    }
    await store.finish()
    #expect(cancelled.wasSeen)
    #expect(store.state.favoritePrimes == [5])
    #expect(!store.state.hasUnsavedChanges)
    #expect(
      store.state.notice?.description
        == "Stopped importing in.txt: none of its primes were added; the favorite primes are as they were before it."
    )
  }

  @Test func anImportStoppedWhileItsFileIsReadAddsNothing() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: FavoritePrimesClient.failing.save,
        read: { _ in
          try await Task.sleep(for: .seconds(60))
          return "2\n"
        }
      )
    }
    await store.send(.importTapped(path: "in.txt")) { $0.importing = FavoritePrimesImport(path: "in.txt") }
    await store.send(.stopTapped) {
      $0.importing = nil
      $0.notice = .importStopped(path: "in.txt")
    }
    await store.finish()
  }

  @Test func aBackupStoppedIsCancelledAndSaysNoCopyWasMade() async {
    let cancelled = CancellationSeen()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: FavoritePrimesClient.failing.save,
        backup: { _ in
          do {
            try await Task.sleep(for: .seconds(60))
          } catch {
            cancelled.note()
            throw error
          }
        }
      )
    }
    await store.send(.backupTapped(path: "copy.db")) { $0.backingUp = "copy.db" }
    await store.send(.stopTapped) {
      $0.backingUp = nil
      $0.notice = .backupStopped(path: "copy.db")
    }
    await store.finish()
    #expect(cancelled.wasSeen)
    #expect(store.state.notice?.description == "Stopped the backup: no copy was made at copy.db.")
  }

  @Test func aStopWithNothingRunningChangesNothing() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5]), reducer: FavoritePrimes())
    await store.send(.stopTapped)
  }
}

/// Whether a client's work saw its task cancelled.
private final class CancellationSeen: Sendable {
  private let seen = Mutex(false)

  /// Records that it was.
  func note() {
    seen.withLock { $0 = true }
  }

  /// Whether it was.
  var wasSeen: Bool { seen.withLock { $0 } }
}
