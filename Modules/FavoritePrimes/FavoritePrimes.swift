public import ComposableArchitecture
public import FavoriteList
import FoundationEssentials
import Primes

/// The favourite primes screen's state.
///
/// `Codable` as Swift synthesizes it, for favorite-primes-demo's recordings: a field's name is part of their
/// format.
public struct FavoritePrimesState: Equatable, Sendable, Codable {
  /// The favourite primes, in the order they were added, with the changes no save has stored yet.
  public var favoritePrimes: FavoriteList
  /// Why the last load or save failed, until the next action.
  public var problem: FavoritePrimesProblem?
  /// What the last export, import or backup did, until the next action that is not a save coming back.
  public var notice: FavoritePrimesNotice?
  /// Whether ``favoritePrimes`` is the stored list: given when the state was made, or brought back by a load or
  /// a save. False from the start of a session that keeps favourites in storage until its first load or save
  /// succeeds; while it is false (the stored list could not be read, a damaged database say) the list shown is
  /// not what storage holds, so an export of it is refused.
  public var isLoaded: Bool
  /// The import running, if one is: its primes join the list once they are all stored.
  public var importing: FavoritePrimesImport?
  /// The path of the backup being written, if one is.
  public var backingUp: String?

  /// What a front end that saves every change as it is made (as `primetime` does) says when the program ends
  /// while ``hasUnsavedChanges`` is true: there, every unsaved change is one a save could not store. A front end
  /// that saves only when asked (`favorite-primes-demo`) has unsaved changes after any delete, so these words
  /// would not be true for it; it says nothing at the end, its store being in memory anyway.
  public static let unsavedChangesLostMessage =
    "The favorite primes changed since the last successful save could not be saved and are lost."

  /// Creates the screen's state.
  public init(
    favoritePrimes: FavoriteList = [],
    problem: FavoritePrimesProblem? = nil,
    notice: FavoritePrimesNotice? = nil,
    isLoaded: Bool = true,
    importing: FavoritePrimesImport? = nil,
    backingUp: String? = nil
  ) {
    self.favoritePrimes = favoritePrimes
    self.problem = problem
    self.notice = notice
    self.isLoaded = isLoaded
    self.importing = importing
    self.backingUp = backingUp
  }

  /// Whether an import or a backup is running, which ``FavoritePrimesAction/stopTapped`` stops.
  public var isStoppable: Bool { importing != nil || backingUp != nil }

  /// Whether the list shown has changes no save has stored: see ``FavoriteList/hasUnsavedChanges``.
  public var hasUnsavedChanges: Bool { favoritePrimes.hasUnsavedChanges }
}

/// What the user did on the favourite primes screen, or what came back from the client.
public enum FavoritePrimesAction: Equatable, Sendable, Codable {
  /// The user deleted the favourites at these offsets (0 is the first), as a swipe-to-delete reports them; if
  /// the list lacks any, nothing is deleted (``FavoritePrimesProblem/noSuchPosition(offset:count:)``).
  case deleteFavoritePrimes(FavoritePrimeOffsets)
  /// The user asked to load the saved favourites.
  case loadButtonTapped
  /// The saved favourites came back (``FavoritePrimesSync/favoritePrimes`` is never nil after a load), with the
  /// activity stored since the client's last call.
  case loadedFavoritePrimes(FavoritePrimesSync)
  /// Loading failed, for the reason given.
  case loadFailed(String)
  /// The user asked to save the favourites: the changes not saved yet are sent.
  case saveButtonTapped
  /// A save stored the changes it sent; what came back with it: the stored list when another PrimeTime changed
  /// it meanwhile, and the activity stored since the client's last call.
  case favoritePrimesSaved(FavoritePrimesSync)
  /// Saving failed, for the reason given; `unsent` are the changes the save carried, which are unsaved again.
  case saveFailed(String, unsent: [Activity.Kind])
  /// The user asked to write the favourites to the file at `path` (see ``FavoritePrimesFile``).
  case exportTapped(path: String)
  /// The user asked for the export's text, to be shown rather than written to a file: refused while the list
  /// was never loaded (``FavoritePrimesState/isLoaded``), else the front end shows
  /// ``FavoritePrimesFile/lines(of:)`` of the list.
  case exportTextTapped
  /// The export of `count` favourites was written to `path`.
  case exported(count: Int, path: String)
  /// The export failed, for the reason given.
  case exportFailed(String)
  /// The user asked to add the primes listed in the file at `path`.
  case importTapped(path: String)
  /// The text of the file to import came back; the reducer reads it (as ``importParsed(primes:skipped:)`` would
  /// come with), decides which primes join, and stores them in one save of their own. An import's effect sends
  /// ``importParsed(primes:skipped:)`` instead, having read the text off the main actor; recordings made before
  /// hold this one.
  case importRead(String)
  /// The file to import was read (``FavoritePrimesFile/read(_:)``): the primes it names, in file order with
  /// any repeats, and the lines that are not primes. The reducer decides which join, and stores them in one
  /// save of their own.
  case importParsed(primes: [Int], skipped: [String])
  /// The import's save has stored `stored` of its primes (``FavoritePrimesImport/stored``).
  case importProgress(stored: Int)
  /// The import's save stored all its primes; what came back with it, as for any save.
  case importSaved(FavoritePrimesSync)
  /// Reading the file to import failed, for the reason given.
  case importFailed(String)
  /// The user asked for a copy of the database at `path`.
  case backupTapped(path: String)
  /// The copy was written to `path`.
  case backedUp(path: String)
  /// The backup failed, for the reason given.
  case backupFailed(String)
  /// The user asked to stop the import or backup running (Ctrl-C), or the session is ending: it stops, and
  /// leaves the list, the stored favourites and the backup's path as they were before it
  /// (``FavoritePrimesNotice/importStopped(path:)``, ``FavoritePrimesNotice/backupStopped(path:)``); with none
  /// running, nothing happens.
  case stopTapped
  /// The user asked to check the database for damage.
  case checkTapped
  /// The check ran: `findings` are its first findings, one line each; empty when the database passed.
  case checked(findings: [String])
  /// The check could not run, for the reason given (e.g. there is no database).
  case checkFailed(String)
}

/// The favourite primes screen's logic, in the protocol style: its client comes from
/// `@Dependency(\.favoritePrimesClient)`, so a store, a test or a parent chooses it with
/// `.dependency(\.favoritePrimesClient, ...)`.
///
/// Deleting several positions at once deletes exactly those; if any is not in the list, none is deleted and
/// the state records ``FavoritePrimesProblem/noSuchPosition(offset:count:)``, so no front end counts the
/// list. A loaded list keeps its order, each prime once; values that are not primes, and repeats, are left
/// out and reported (``FavoritePrimesProblem/leftOut(_:)``). A load keeps the changes no save has stored yet:
/// they are applied on top of the list loaded, and stay unsaved.
/// Every change to the list is recorded as it is made, by the list itself (``FavoriteList``: a delete
/// removes each prime at the offsets, in list order; an import adds each prime that joins), and a save sends
/// those changes, not the list, so its cost does not grow with the list. A failed load or save becomes a
/// ``FavoritePrimesProblem`` instead of being dropped, and a failed save gives its changes back, before any made
/// since, so the next save sends each once. When loads overlap, only the last one asked for delivers; saves are
/// never cancelled by later ones (a cancelled save would lose its changes). A save that comes back with the
/// stored list (another PrimeTime changed it) takes that list, with the changes not saved yet applied on top.
/// That needs this session's saves not to overlap: a front end waits for each, as `primetime` does.
/// While the stored list was never loaded (``FavoritePrimesState/isLoaded`` is false: the load at start failed on a
/// damaged database, say), the list shown is not the stored one, so an export is refused
/// (``FavoritePrimesProblem/notLoadedToExport``) and the damage a check finds advises none.
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
    case .favoritePrimesSaved, .saveFailed, .importProgress:
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
      state.favoritePrimes.remove(at: offsets.ranges)
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

    case let .loadedFavoritePrimes(sync):
      // Changes no save has stored yet (one a locked file refused, say) are kept: applied on top of the list
      // loaded, they stay unsaved until a save stores them.
      // A list the client kept from an earlier check is taken as it is: checking 100,000 primes again would
      // cost a start more than reading them.
      state.favoritePrimes.takeStored(
        sync.favoritePrimesWereChecked
          ? sync.favoritePrimes ?? [] : Self.favorites(in: sync.favoritePrimes ?? [], problem: &state.problem)
      )
      state.isLoaded = true
      return .none

    case let .loadFailed(reason):
      state.problem = .loadFailed(reason)
      return .none

    case .saveButtonTapped:
      return Self.save(takingUnsavedChangesOf: &state.favoritePrimes, with: client)

    case let .favoritePrimesSaved(sync):
      state.favoritePrimes.saveSucceeded()
      // The stored list comes back only when another PrimeTime changed it: it then holds that one's changes
      // and the ones this save sent, and the changes made here since are applied on top of it.
      if let stored = sync.favoritePrimes {
        state.favoritePrimes.takeStored(Self.favorites(in: stored, problem: &state.problem))
        state.isLoaded = true
      }
      return .none

    case let .saveFailed(reason, unsent):
      state.problem = .saveFailed(reason)
      state.favoritePrimes.saveFailed(unsent: unsent)
      return .none

    case .exportTextTapped:
      // A list never loaded is not the stored one: its text would be no true export.
      if !state.isLoaded {
        state.problem = .notLoadedToExport
      }
      return .none

    case let .exportTapped(path):
      guard state.isLoaded else {
        state.problem = .notLoadedToExport
        return .none
      }
      let primes = state.favoritePrimes.primes
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
      guard state.importing == nil else { return .none }
      state.importing = FavoritePrimesImport(path: path)
      let client = client
      return .run { send in
        do {
          let text = try await client.read(path)
          // Off the main actor, and stopped with the import: a million lines take seconds in a debug build.
          guard let (primes, skipped) = FavoritePrimesFile.read(text, stoppingWhen: { Task.isCancelled }) else {
            return
          }
          await send(.importParsed(primes: primes, skipped: skipped))
        } catch is CancellationError {
        } catch {
          await send(.importFailed("\(error)"))
        }
      }
      .cancellable(id: FavoritePrimesRequest.import)

    case let .importRead(text):
      let (primes, skipped) = FavoritePrimesFile.read(text)
      return reduce(into: &state, action: .importParsed(primes: primes, skipped: skipped))

    case let .importParsed(primes, skipped):
      // Stopped while the file was read: nothing more comes of it.
      guard let path = state.importing?.path else { return .none }
      // Primes not yet favourites join at the end, in file order, each once; the rest is counted or named.
      var present = Set(state.favoritePrimes)
      let added = primes.filter { present.insert($0).inserted }
      let already = primes.count - added.count
      guard !added.isEmpty else {
        state.importing = nil
        state.notice = .imported(added: [], already: already, skipped: skipped)
        return .none
      }
      // All or nothing: the primes join the list once one save of their own has stored them all.
      state.importing = FavoritePrimesImport(path: path, added: added, already: already, skipped: skipped)
      let client = client
      return .run { send in
        // How far the save got, as it says, each report sent in order; the latest only, when they come faster.
        let (reports, reporter) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        async let forwarded: Void = {
          for await stored in reports {
            await send(.importProgress(stored: stored))
          }
        }()
        let outcome: Result<FavoritePrimesSync, any Error>
        do {
          outcome = .success(
            try await client.saveImport(added.map(FavoriteChange.addedFavoritePrime)) { reporter.yield($0) })
        } catch {
          outcome = .failure(error)
        }
        reporter.finish()
        await forwarded
        switch outcome {
        case let .success(sync):
          await send(.importSaved(sync))
        case .failure(is CancellationError):
          break
        case let .failure(error):
          await send(.importFailed("\(error)"))
        }
      }
      .cancellable(id: FavoritePrimesRequest.import)

    case let .importProgress(stored):
      state.importing?.stored = stored
      return .none

    case let .importSaved(sync):
      guard let running = state.importing else { return .none }
      state.importing = nil
      let added = running.added ?? []
      if let stored = sync.favoritePrimes {
        // Another PrimeTime changed the list meanwhile: what comes back holds its changes and the import.
        state.favoritePrimes.takeStored(Self.favorites(in: stored, problem: &state.problem))
        state.isLoaded = true
      } else {
        state.favoritePrimes.appendStored(added)
      }
      state.notice = .imported(added: added, already: running.already, skipped: running.skipped)
      return .none

    case let .importFailed(reason):
      state.importing = nil
      state.problem = .importFailed(reason)
      return .none

    case .stopTapped:
      if let running = state.importing {
        state.importing = nil
        state.notice = .importStopped(path: running.path)
        return .cancel(id: FavoritePrimesRequest.import)
      }
      if let path = state.backingUp {
        state.backingUp = nil
        state.notice = .backupStopped(path: path)
        return .cancel(id: FavoritePrimesRequest.backup)
      }
      return .none

    case let .backupTapped(path):
      state.backingUp = path
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
      .cancellable(id: FavoritePrimesRequest.backup)

    case let .backedUp(path):
      state.backingUp = nil
      state.notice = .backedUp(path: path, withoutUnsavedChanges: state.hasUnsavedChanges)
      return .none

    case let .backupFailed(reason):
      state.backingUp = nil
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
        state.problem = .damaged(findings: findings, listLoaded: state.isLoaded)
      }
      return .none

    case let .checkFailed(reason):
      state.problem = .checkFailed(reason)
      return .none
    }
  }
}

/// The first of `offsets`, in list order, that a list of `count` lacks; found without visiting each offset.
private func firstMissing(_ offsets: FavoritePrimeOffsets, count: Int) -> Int? {
  if let first = offsets.first(where: { _ in true }), first < 0 { return first }
  return offsets.first(atLeast: count)
}

extension FavoritePrimes {
  /// Whether a load would take `stored` as it is: every value a prime, none twice.
  ///
  /// A client that keeps a list which passed (the database's quick-start copy) may hand it back with
  /// ``FavoritePrimesSync/favoritePrimesWereChecked`` set, and a load then skips the check. Linear in the list,
  /// with one sieve up to its largest small value.
  public static func passesCheck(_ stored: [Int]) -> Bool {
    var problem: FavoritePrimesProblem?
    _ = favorites(in: stored, problem: &problem)
    return problem == nil
  }

  /// The primes of `stored`, each once, in order: anything else in storage was put there by another program,
  /// and is reported in `problem` (``FavoritePrimesProblem/leftOut(_:)``), which is left alone when all is well.
  ///
  /// For a long list of small primes: one sieve, and a bitset for repeats, rather than a test and a hash each.
  static func favorites(in stored: [Int], problem: inout FavoritePrimesProblem?) -> [Int] {
    let primality = PrimalityLookup(for: stored)
    var seen = SeenPrimes(upTo: primality.sieveLimit)
    var leftOut: [String] = []
    let primes = stored.filter { prime in
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
    if !leftOut.isEmpty {
      problem = .leftOut(leftOut)
    }
    return primes
  }
}

/// Cancellation ids of the client's requests.
enum FavoritePrimesRequest: Hashable, Sendable {
  case load
  /// An import: reading its file, then its save, which a stop cancels.
  case `import`
  /// A backup, which a stop cancels.
  case backup
}

extension FavoritePrimes {
  /// Starts a save of the unsaved changes of `favorites` (``FavoriteList/startSave()``) and returns the effect
  /// that stores them with `client`:
  /// ``FavoritePrimesAction/favoritePrimesSaved(_:)`` when it worked, ``FavoritePrimesAction/saveFailed(_:unsent:)``
  /// with the changes when it did not, nothing when cancelled. With no unsaved changes it still asks the client,
  /// which brings back what another PrimeTime changed.
  ///
  /// The save button's effect, and the one an app's autosave runs. Do not make it cancellable by a later save:
  /// the changes of a cancelled save are lost, and the list would count it running for ever.
  public static func save(
    takingUnsavedChangesOf favorites: inout FavoriteList,
    with client: FavoritePrimesClient
  ) -> Effect<FavoritePrimesAction> {
    let changes = favorites.startSave()
    return .run { send in
      do {
        await send(.favoritePrimesSaved(try await client.save(changes)))
      } catch is CancellationError {
      } catch {
        await send(.saveFailed("\(error)", unsent: changes))
      }
    }
  }
}
