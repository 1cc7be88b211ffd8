public import ComposableArchitecture
public import FoundationEssentials
import Synchronization

/// Where favourite primes are kept between runs: the interface, its doubles, and its dependency key and
/// accessor (``ComposableArchitecture/DependencyValues/favoritePrimesClient``). The SQLite implementation
/// lives in its own module, which only executables import; they provide it with
/// `.dependency(\.favoritePrimesClient, ...)`.
public struct FavoritePrimesClient: Sendable {
  /// The stored favourite primes, in order (an empty list when nothing was ever saved), in
  /// ``FavoritePrimesSync/favoritePrimes``, never nil here; with the activity stored since this client's last
  /// call (none on its first: see ``FavoritePrimesSync``).
  public var load: @Sendable () async throws -> FavoritePrimesSync
  /// Stores `changes`, in order and all or nothing, and records one activity entry for each change that altered
  /// the stored list, in the same transaction and dated by the store's clock.
  ///
  /// An addition appends the prime if it is not stored yet, a removal deletes every stored copy of it; any
  /// other change (a prime already there, or not there) alters nothing and records nothing, so sending a change
  /// again is harmless. Only the changed rows are written. What comes back is described by
  /// ``FavoritePrimesSync``: the stored list only when this client could not know it (another PrimeTime saved
  /// meanwhile), and the activity since this client's last call, this save's own included. A caller applies its
  /// changes to the list it holds and adopts a list that comes back, then re-applies the changes it has not sent
  /// yet; that needs its saves not to overlap (each awaited before the next starts).
  public var save: @Sendable (_ changes: [Activity.Kind]) async throws -> FavoritePrimesSync
  /// Stores the additions of an import as ``save`` stores changes, all or nothing, calling `progress` with how
  /// many of `changes` it has stored so far (from any thread, now and then; it must only hand the count on).
  ///
  /// Unlike ``save``, it stops when its task is cancelled, even after it started: it then stores nothing and
  /// throws `CancellationError`, so an import withdrawn half-way (Ctrl-C, the end of the session) leaves the
  /// stored list as it was. A client made without it stores with ``save`` and reports no progress.
  public var saveImport:
    @Sendable (_ changes: [Activity.Kind], _ progress: @escaping @Sendable (_ stored: Int) -> Void) async throws
      -> FavoritePrimesSync
  /// Writes `text` (an export, see ``FavoritePrimesFile``) to the file at `path`.
  ///
  /// Refuses, with an error saying why and the file left as it was: the database or its `-wal`, `-shm` or
  /// `-journal`, and an existing file that is not a previous export. A previous export is replaced whole or
  /// not at all.
  public var export: @Sendable (_ text: String, _ path: String) async throws -> Void
  /// The text of the file at `path`, for an import; only reads it.
  ///
  /// Refuses, with an error saying why: a missing or unreadable file, a directory or other non-regular file,
  /// one larger than ``FavoritePrimesFile/maximumSize``, and one that is not UTF-8.
  public var read: @Sendable (_ path: String) async throws -> String
  /// Writes a consistent copy of the stored favourites and their activity to a new file at `path`, which opens
  /// as a database of its own. Refuses an existing file and the database itself. A cancelled task may stop it
  /// (the live client's does, within milliseconds): it then throws `CancellationError` and leaves no file at
  /// `path`, half-written or whole.
  public var backup: @Sendable (_ path: String) async throws -> Void
  /// Checks the whole stored file for damage and returns the first findings, one line each; empty when it
  /// passed. Throws when there is nothing to check or the check could not run.
  public var check: @Sendable () async throws -> [String]

  /// Creates a client from its endpoints; those not given report a test failure and throw when called, but
  /// `saveImport`, which stores with `save` when not given.
  public init(
    load: @escaping @Sendable () async throws -> FavoritePrimesSync,
    save: @escaping @Sendable (_ changes: [Activity.Kind]) async throws -> FavoritePrimesSync,
    saveImport: (
      @Sendable (_ changes: [Activity.Kind], _ progress: @escaping @Sendable (Int) -> Void) async throws
        -> FavoritePrimesSync
    )? = nil,
    export: @escaping @Sendable (_ text: String, _ path: String) async throws -> Void = { _, _ in
      try unimplemented("export")
    },
    read: @escaping @Sendable (_ path: String) async throws -> String = { _ in try unimplemented("read") },
    backup: @escaping @Sendable (_ path: String) async throws -> Void = { _ in try unimplemented("backup") },
    check: @escaping @Sendable () async throws -> [String] = { try unimplemented("check") }
  ) {
    self.load = load
    self.save = save
    self.saveImport = saveImport ?? { changes, _ in try await save(changes) }
    self.export = export
    self.read = read
    self.backup = backup
    self.check = check
  }
}

extension FavoritePrimesClient {
  /// For tests: every endpoint reports a test failure, then throws. Stub the ones a test uses.
  public static let failing = FavoritePrimesClient(
    load: {
      reportIssue("FavoritePrimesClient.load was called, but the test did not stub it.")
      throw UnimplementedEndpoint(name: "load")
    },
    save: { _ in
      reportIssue("FavoritePrimesClient.save was called, but the test did not stub it.")
      throw UnimplementedEndpoint(name: "save")
    },
    export: { _, _ in try unimplemented("export") },
    read: { _ in try unimplemented("read") },
    backup: { _ in try unimplemented("backup") },
    check: { try unimplemented("check") }
  )

  /// For demos and sandboxes: favourites kept in memory, starting with `primes`, for as long as the client
  /// lives; nothing on disk is read or written. Saves record activity dated by `now`, which only this client
  /// sees: share a ``FavoritePrimesMemory`` with `inMemory(_:files:)` (the one taking a memory) to page
  /// through it with an ``ActivityClient`` too.
  public static func inMemory(
    _ primes: [Int] = [],
    files: [String: String] = [:],
    now: @escaping @Sendable () -> Date = Date.init
  ) -> Self {
    inMemory(FavoritePrimesMemory(favoritePrimes: primes, now: now), files: files)
  }

  /// For demos and sandboxes: favourites and their activity kept in `memory`, under the database's rules (see
  /// ``FavoritePrimesMemory``); nothing on disk is read or written. Each client made here keeps its own count of
  /// the activity it returned, as each database connection does.
  ///
  /// Exports and imports use files kept in memory too, starting with `files` (path to text), under the same
  /// rules as on disk: an export replaces only a previous export, an import reads what an export wrote or
  /// `files` holds; a file is found by the file its path names, not its spelling (`x`, `./x` and `d/../x` are
  /// one). There is no database, so a backup and a check are refused.
  public static func inMemory(_ memory: FavoritePrimesMemory, files: [String: String] = [:]) -> Self {
    let cursor = FavoritePrimesMemory.Cursor()
    let fileStorage = Mutex(Dictionary(files.map { (inMemoryFileKey($0.key), $0.value) }) { _, last in last })
    return FavoritePrimesClient(
      load: { memory.load(cursor) },
      save: { changes in memory.save(changes, cursor) },
      export: { text, path in
        try fileStorage.withLock { files in
          if let existing = files[inMemoryFileKey(path)], !FavoritePrimesFile.isExport(existing[...]) {
            throw InMemoryFileError("\(path) exists and is not a previous export, so it was left as it is")
          }
          files[inMemoryFileKey(path)] = text
        }
      },
      read: { path in
        guard let text = fileStorage.withLock({ $0[inMemoryFileKey(path)] }) else {
          throw InMemoryFileError("there is no file \(path) (files here are kept in memory only)")
        }
        guard text.utf8.count <= FavoritePrimesFile.maximumSize else {
          throw InMemoryFileError("\(path) is larger than \(FavoritePrimesFile.maximumSize >> 20) MiB")
        }
        return text
      },
      backup: { _ in
        throw InMemoryFileError(
          "there is no database to back up: favorites are kept in memory only; 'export' prints them"
        )
      },
      check: {
        throw InMemoryFileError("there is no database to check: favorites are kept in memory only")
      }
    )
  }
}

extension FavoritePrimesClient: TestDependencyKey {
  /// ``failing``: a test stubs what it uses.
  public static let testValue = FavoritePrimesClient.failing
  /// An empty in-memory store: demos and sandboxes keep nothing.
  public static let previewValue = FavoritePrimesClient.inMemory()
}

extension DependencyValues {
  /// Where favourites are kept, for ``FavoritePrimes`` and whatever else saves them. Tests fail when it is
  /// used without an override; previews keep them in memory. There is no live value here: the executable
  /// provides it, since it needs the database the executable opened.
  public var favoritePrimesClient: FavoritePrimesClient {
    get { self[FavoritePrimesClient.self] }
    set { self[FavoritePrimesClient.self] = newValue }
  }
}

/// Reports that the endpoint `name` was called without being stubbed, then throws.
@usableFromInline
func unimplemented(_ name: String) throws -> Never {
  reportIssue("FavoritePrimesClient.\(name) was called, but the test did not stub it.")
  throw UnimplementedEndpoint(name: name)
}

/// Why the in-memory client refused an export, import or backup.
struct InMemoryFileError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The file `path` names among in-memory files, whatever its spelling: `x`, `./x` and `d/../x` are one file.
/// Relative paths are taken from a working directory of `/`, since in memory there is no other.
private func inMemoryFileKey(_ path: String) -> String {
  var components: [Substring] = []
  for component in path.split(separator: "/", omittingEmptySubsequences: true) {
    switch component {
    case ".": continue
    case "..": _ = components.popLast()
    default: components.append(component)
    }
  }
  return "/" + components.joined(separator: "/")
}

/// The error of an endpoint a test did not stub.
struct UnimplementedEndpoint: Error, CustomStringConvertible {
  let name: String

  var description: String { "FavoritePrimesClient.\(name) is not implemented here" }
}
