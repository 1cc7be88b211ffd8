public import ComposableArchitecture
import Foundation
import Primes

/// The favourite primes screen's logic, in the protocol style: its client comes from
/// `@Dependency(\.favoritePrimesClient)`, so a store, a test or a parent chooses it with
/// `.dependency(\.favoritePrimesClient, ...)`.
///
/// Deleting several positions at once deletes exactly those; if any is not in the list, none is deleted and
/// the state records ``FavoritePrimesProblem/noSuchPosition(offset:count:)``, so no front end counts the
/// list. A loaded list keeps its order, each prime once; values that are not primes, and repeats, are left
/// out and reported (``FavoritePrimesProblem/leftOut(_:)``).
/// A failed load or save becomes a ``FavoritePrimesProblem`` instead of being dropped, and a failed save
/// marks the list as unsaved (``FavoritePrimesState/hasUnsavedChanges``) until a save succeeds. When saves or loads
/// overlap, only the last one asked for delivers. A save that comes back with another PrimeTime's changes
/// takes them into the list. The client can tell this session's changes from the other's only if this
/// session's saves do not overlap (a front end waits for each, as `primetime` does).
///
/// ```swift
/// let store = Store(
///   initialState: FavoritePrimesState(),
///   reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory([2, 31]))
/// )
/// ```
///
/// An environment-style parent embeds it with ``ReducerProtocol/asReducer()``; the client is then the one in
/// effect where the parent runs. Its `@Dependency` keeps the overrides in effect where a `FavoritePrimes()`
/// is made, under those where it runs: make it where it is used, not in a global `let` that whoever reads
/// first would fill with their overrides.
public struct FavoritePrimes: ReducerProtocol, Sendable {
  /// Loads and saves the favourites.
  @Dependency(\.favoritePrimesClient) var client

  /// Creates the reducer; it reads its client from the dependencies in effect when it reduces.
  public init() {}

  /// Applies `action` to the screen's state; loads and saves run in the effect returned.
  public func reduce(
    into state: inout FavoritePrimesState,
    action: FavoritePrimesAction
  ) -> Effect<FavoritePrimesAction> {
    state.problem = nil
    switch action {
    case .favoritePrimesSaved, .saveFailed:
      // A save coming back (an autosave after an import, say) leaves what the import said to be shown.
      break
    default:
      state.notice = nil
    }
    switch action {
    case let .deleteFavoritePrimes(offsets):
      // All or nothing: a position the list lacks means the person misread the list, so none is deleted.
      if let missing = firstMissing(offsets, count: state.favoritePrimes.count) {
        state.problem = .noSuchPosition(offset: missing, count: state.favoritePrimes.count)
        return .none
      }
      state.favoritePrimes = state.favoritePrimes.enumerated()
        .filter { !offsets.contains($0.offset) }
        .map(\.element)
      return .none

    case .loadButtonTapped:
      let client = client
      return .run { send in
        do {
          await send(.loadedFavoritePrimes(try await client.load()))
        } catch is CancellationError {
        } catch {
          await send(.loadFailed("\(error)"))
        }
      }
      .cancellable(id: FavoritePrimesRequest.load, cancelInFlight: true)

    case let .loadedFavoritePrimes(primes):
      // Only primes, each once: anything else in storage was put there by another program, and is reported.
      // For a long list of small primes: one sieve, and a bitset for repeats, rather than a test and a hash each.
      let primality = PrimalityLookup(for: primes)
      var seen = SeenPrimes(upTo: primality.sieveLimit)
      var leftOut: [String] = []
      state.favoritePrimes = primes.filter { prime in
        guard primality.isPrime(prime) else {
          leftOut.append("\(prime)")
          return false
        }
        guard seen.insert(prime) else {
          leftOut.append("\(prime) again")
          return false
        }
        return true
      }
      state.hasUnsavedChanges = false
      if !leftOut.isEmpty {
        state.problem = .leftOut(leftOut)
      }
      return .none

    case let .loadFailed(reason):
      state.problem = .loadFailed(reason)
      return .none

    case .saveButtonTapped:
      return Self.save(state.favoritePrimes, with: client)
        .cancellable(id: FavoritePrimesRequest.save, cancelInFlight: true)

    case let .favoritePrimesSaved(sent, stored):
      state.hasUnsavedChanges = false
      // What another PrimeTime changed meanwhile joins the list, without undoing what changed here since.
      if stored != sent {
        state.favoritePrimes =
          state.favoritePrimes == sent ? stored : mergingFavoritePrimes(stored, since: sent, into: state.favoritePrimes)
      }
      return .none

    case let .saveFailed(reason):
      state.problem = .saveFailed(reason)
      state.hasUnsavedChanges = true
      return .none

    case let .exportTapped(path):
      let primes = state.favoritePrimes
      let client = client
      return .run { send in
        do {
          try await client.export(FavoritePrimesFile.text(of: primes), path)
          await send(.exported(count: primes.count, path: path))
        } catch is CancellationError {
        } catch {
          await send(.exportFailed("\(error)"))
        }
      }

    case let .exported(count, path):
      state.notice = .exported(count: count, path: path)
      return .none

    case let .exportFailed(reason):
      state.problem = .exportFailed(reason)
      return .none

    case let .importTapped(path):
      let client = client
      return .run { send in
        do {
          await send(.importRead(try await client.read(path)))
        } catch is CancellationError {
        } catch {
          await send(.importFailed("\(error)"))
        }
      }

    case let .importRead(text):
      // Primes not yet favourites join at the end, in file order, each once; the rest is counted or named.
      let (primes, skipped) = FavoritePrimesFile.read(text)
      var present = Set(state.favoritePrimes)
      let added = primes.filter { present.insert($0).inserted }
      state.favoritePrimes += added
      state.notice = .imported(added: added, already: primes.count - added.count, skipped: skipped)
      return .none

    case let .importFailed(reason):
      state.problem = .importFailed(reason)
      return .none

    case let .backupTapped(path):
      let client = client
      return .run { send in
        do {
          try await client.backup(path)
          await send(.backedUp(path: path))
        } catch is CancellationError {
        } catch {
          await send(.backupFailed("\(error)"))
        }
      }

    case let .backedUp(path):
      state.notice = .backedUp(path: path, withoutUnsavedChanges: state.hasUnsavedChanges)
      return .none

    case let .backupFailed(reason):
      state.problem = .backupFailed(reason)
      return .none

    case .checkTapped:
      let client = client
      return .run { send in
        do {
          await send(.checked(findings: try await client.check()))
        } catch is CancellationError {
        } catch {
          await send(.checkFailed("\(error)"))
        }
      }

    case let .checked(findings):
      if findings.isEmpty {
        state.notice = .passedCheck
      } else {
        state.problem = .damaged(findings: findings)
      }
      return .none

    case let .checkFailed(reason):
      state.problem = .checkFailed(reason)
      return .none
    }
  }
}

/// The first of `offsets`, in list order, that a list of `count` lacks; found without visiting each offset.
private func firstMissing(_ offsets: IndexSet, count: Int) -> Int? {
  if let first = offsets.first, first < 0 { return first }
  return offsets.integerGreaterThanOrEqualTo(count)
}

/// Cancellation ids of the client's requests.
enum FavoritePrimesRequest: Hashable, Sendable {
  case load
  case save
}

extension FavoritePrimes {
  /// Saves `primes` with `client`: ``FavoritePrimesAction/favoritePrimesSaved(sent:stored:)`` when it worked,
  /// ``FavoritePrimesAction/saveFailed(_:)`` when it did not, nothing when cancelled.
  ///
  /// The save button's effect, and the one an app's autosave runs under a cancel id of its own.
  public static func save(_ primes: [Int], with client: FavoritePrimesClient) -> Effect<FavoritePrimesAction> {
    .run { send in
      do {
        await send(.favoritePrimesSaved(sent: primes, stored: try await client.save(primes)))
      } catch is CancellationError {
      } catch {
        await send(.saveFailed("\(error)"))
      }
    }
  }
}
