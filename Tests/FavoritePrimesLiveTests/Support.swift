import ExecutableTestSupport
import FavoritePrimes
import Foundation
import SQLite
import Testing

import FavoritePrimesLive

import Platform

/// The number of one page of the database at `path` that belongs to `name` (a table or index) and is of
/// `type` (`leaf`, `internal` or `overflow`), as SQLite's `dbstat` table lists them: the last such page in
/// the file, or the first when `first` is true.
func page(of name: String, type: String, at path: String, first: Bool = false) throws -> Int64 {
  try integer(
    "SELECT \(first ? "min" : "max")(pageno) FROM dbstat WHERE name = '\(name)' AND pagetype = '\(type)'",
    at: path)
}

/// Writes deterministic garbage over the whole of page `number` of the database at `path`.
func damage(page number: Int64, at path: String) throws {
  let pageSize = try integer("PRAGMA page_size", at: path)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  let garbage = Data((0..<pageSize).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 56)
  })
  let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
  defer { try? handle.close() }
  try handle.seek(toOffset: UInt64((number - 1) * pageSize))
  try handle.write(contentsOf: garbage)
}

/// Runs `body` with a fresh directory under the system's temporary directory (never the home), removed afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let directory = try makeTemporaryDirectory()
  defer { removeTree(directory) }
  return try body(directory)
}

/// The `async` form of ``withTemporaryDirectory(_:)``.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
  let directory = try makeTemporaryDirectory()
  defer { removeTree(directory) }
  return try await body(directory)
}

private func makeTemporaryDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("FavoritePrimesLiveTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  return directory
}

/// Removes `directory`, first making every directory in it writable again (tests lock some).
private func removeTree(_ directory: URL) {
  if let enumerator = FileManager.default.enumerator(atPath: directory.path) {
    for case let relative as String in enumerator {
      let path = directory.appendingPathComponent(relative).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        chmod(path, 0o700)
      }
    }
  }
  try? FileManager.default.removeItem(at: directory)
}

/// Every file in `directory` (not recursive) with its bytes: equal snapshots mean nothing was modified,
/// created or removed.
func snapshot(_ directory: URL) throws -> [String: Data] {
  var files: [String: Data] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
    files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
  }
  return files
}

/// The names of the files in `directory`, sorted.
func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// `PRAGMA integrity_check`'s findings for the file at `path`: `["ok"]` for a sound one.
func integrityCheck(_ path: String) throws -> [String] {
  let connection = try Connection(path: path, mode: .readWrite)
  return try connection.query("PRAGMA integrity_check").map { try $0.text(0) }
}

/// The single integer `sql` answers on the file at `path`.
func integer(_ sql: String, at path: String) throws -> Int64 {
  let connection = try Connection(path: path, mode: .readWrite)
  return try #require(connection.query(sql).first).integer(0)
}

/// A fixed date on a whole millisecond, `milliseconds` after 1970.
func date(_ milliseconds: Int64) -> Date {
  Date(timeIntervalSince1970: Double(milliseconds) / 1000)
}

/// Expects opening `path` to throw an error `matches` accepts, and the directory around it to be left
/// exactly as it was: same bytes, no journal, WAL or shared-memory file.
func expectRefusal(
  of path: String,
  in directory: URL,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ matches: (FavoritePrimesDatabaseError) -> Bool
) throws {
  let before = try snapshot(directory)
  var thrown: (any Error)?
  do {
    _ = try FavoritePrimesDatabase(path: path)
  } catch {
    thrown = error
  }
  let error = try #require(
    thrown as? FavoritePrimesDatabaseError, "opening \(path) threw \(String(describing: thrown))",
    sourceLocation: sourceLocation)
  #expect(matches(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
  #expect(error.description.contains(path), sourceLocation: sourceLocation)
  #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
  #expect(try fileNames(in: directory) == before.keys.sorted(), sourceLocation: sourceLocation)
  #expect(try snapshot(directory) == before, "the file changed", sourceLocation: sourceLocation)
}

/// Replays `events` from no favourites, expecting each to be possible (no prime added twice, none removed
/// that was not there), and returns the favourites they leave.
func replay(_ events: [Activity], sourceLocation: SourceLocation = #_sourceLocation) -> Set<Int> {
  var favorites = Set<Int>()
  var impossible: [String] = []
  for (index, event) in events.enumerated() {
    switch event.type {
    case let .addedFavoritePrime(prime):
      if !favorites.insert(prime).inserted { impossible.append("#\(index): \(prime) added twice") }
    case let .removedFavoritePrime(prime):
      if favorites.remove(prime) == nil { impossible.append("#\(index): \(prime) removed but absent") }
    }
  }
  #expect(impossible.isEmpty, "impossible events: \(impossible.prefix(5))", sourceLocation: sourceLocation)
  return favorites
}

/// Every name in `directory` (not recursive) with the bytes of those that are regular files (nil for a
/// directory, link or FIFO): equal answers mean nothing was created, removed or modified.
func entries(_ directory: URL) throws -> [String: Data?] {
  var found: [String: Data?] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
    let path = directory.appendingPathComponent(name).path
    var status = stat()
    let isFile = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    found.updateValue(isFile ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil, forKey: name)
  }
  return found
}

extension FavoritePrimesDatabase {
  /// Saves the addition of each of `primes`, in order: how a test fills the list (a prime already stored is
  /// no change).
  @discardableResult
  func save(adding primes: [Int]) async throws -> FavoritePrimesSync {
    try await save(primes.map(Activity.Kind.addedFavoritePrime))
  }

  /// The stored list, as a load returns it.
  func stored() async throws -> [Int] {
    try #require(try await load().favoritePrimes)
  }
}

/// An entry as the database returns it: `id`, `type`, dated `milliseconds` after 1970.
func entry(_ id: Int64, _ type: Activity.Kind, at milliseconds: Int64) -> Activity {
  Activity(id: id, timestamp: date(milliseconds), type: type)
}

extension FavoritePrimesClient {
  /// Saves the addition of each of `primes`, in order.
  @discardableResult
  func save(adding primes: [Int]) async throws -> FavoritePrimesSync {
    try await save(primes.map(Activity.Kind.addedFavoritePrime))
  }

  /// The stored list, as a load returns it.
  func stored() async throws -> [Int] {
    try #require(try await load().favoritePrimes)
  }
}

/// Runs `body` on the database at `path`, opened for it, and closes the database before returning, so the file
/// is free for what the test does next. A database only released after an `async` call would close when its
/// queue lets the last reference go, which can be after the caller has moved on.
@discardableResult
func withDatabase<Result: Sendable>(
  at path: String,
  _ body: (FavoritePrimesDatabase) async throws -> Result
) async throws -> Result {
  let database = try FavoritePrimesDatabase(path: path)
  defer { database.close() }
  return try await body(database)
}
