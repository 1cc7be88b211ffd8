import CSQLite
import FavoritePrimes
import FavoritePrimesLive
import Foundation

/// The favourites database against the bare C API, on 100,000 favourites.
///
/// Each benchmark works on its own file in a scratch directory that ``BenchmarkFiles/removeAll()`` deletes
/// when the command ends. The files use what PrimeTime uses: WAL with `synchronous=FULL`, so every commit
/// waits for the disk, and that wait is part of each operation.
enum SQLiteBenchmarks {
  static var all: [Benchmark] {
    [save, load, rawInsert]
  }

  static let count = 100_000

  /// One `save` of one change to 100,000 favourites, alternately removing and adding back the same prime, so
  /// every save writes one row and records one event: what a `fav` costs the database at that size, through
  /// the `async` save the app calls.
  static var save: Benchmark {
    Benchmark("sqlite.save.100k", preparing: {
      let database = open("sqlite.save.100k")
      await succeed { try await database.save((0..<count).map(Activity.Kind.addedFavoritePrime)) }
      let changes: [[Activity.Kind]] = [[.removedFavoritePrime(count / 2)], [.addedFavoritePrime(count / 2)]]
      var saves = 0
      return { iterations in
        for _ in 0..<iterations {
          await succeed { try await database.save(changes[saves % 2]) }
          saves += 1
        }
        blackHole(saves)
      }
    })
  }

  /// One `load` of 100,000 favourites, through the `async` load the app calls.
  static var load: Benchmark {
    Benchmark("sqlite.load.100k", preparing: {
      let database = open("sqlite.load.100k")
      await succeed { try await database.save((0..<count).map(Activity.Kind.addedFavoritePrime)) }
      return { iterations in
        var total = 0
        for _ in 0..<iterations {
          total &+= await succeed { try await database.load() }.favoritePrimes?.count ?? 0
        }
        blackHole(total)
      }
    })
  }

  /// What a save cost before saves sent only their changes (it rewrote the whole list), written directly
  /// against the C API: in one `BEGIN IMMEDIATE` transaction, delete the list, then insert 100,000 rows through
  /// one prepared statement; same schema, pragmas and open flags. Kept as the floor of any whole-list write.
  static var rawInsert: Benchmark {
    Benchmark("sqlite.raw.insert.100k") {
      // The file is made by FavoritePrimesDatabase, so the table and journal mode are the ones a save meets.
      // The connection is opened as the wrapper opens its own: without SQLite's per-call mutex (the
      // wrapper serializes use itself), and with synchronous=FULL set rather than left to the build default.
      let path = open("sqlite.raw.insert.100k").path
      var handle: OpaquePointer?
      let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
      guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
        BenchmarkFiles.fail("cannot open \(path)")
      }
      check(sqlite3_exec(handle, "PRAGMA synchronous = FULL", nil, nil, nil), handle)
      var insert: OpaquePointer?
      let sql = "INSERT INTO favorite (position, prime) VALUES (?, ?)"
      guard sqlite3_prepare_v2(handle, sql, -1, &insert, nil) == SQLITE_OK, let insert else {
        BenchmarkFiles.fail("cannot prepare the insert: \(String(cString: sqlite3_errmsg(handle)))")
      }
      return { iterations in
        var rows = 0
        for _ in 0..<iterations {
          check(sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil), handle)
          check(sqlite3_exec(handle, "DELETE FROM favorite", nil, nil, nil), handle)
          for position in 0..<count {
            sqlite3_bind_int64(insert, 1, Int64(position))
            sqlite3_bind_int64(insert, 2, Int64(position))
            guard sqlite3_step(insert) == SQLITE_DONE else {
              BenchmarkFiles.fail("insert failed: \(String(cString: sqlite3_errmsg(handle)))")
            }
            sqlite3_reset(insert)
            rows += 1
          }
          check(sqlite3_exec(handle, "COMMIT", nil, nil, nil), handle)
        }
        blackHole(rows)
      }
    }
  }

  @MainActor
  private static func open(_ name: String) -> FavoritePrimesDatabase {
    let path = BenchmarkFiles.directory(for: name).appendingPathComponent("primetime.sqlite3").path
    return succeed { try FavoritePrimesDatabase(path: path) }
  }

  @MainActor
  private static func check(_ code: Int32, _ handle: OpaquePointer) {
    guard code == SQLITE_OK else {
      BenchmarkFiles.fail("SQLite error \(code): \(String(cString: sqlite3_errmsg(handle)))")
    }
  }

  /// The result of `work`, or the end of the run with the error on standard error.
  @MainActor
  @discardableResult
  private static func succeed<Result>(_ work: () throws -> Result) -> Result {
    do {
      return try work()
    } catch {
      BenchmarkFiles.fail("\(error)")
    }
  }

  /// The result of `work`, which awaits the database, or the end of the run with the error on standard error.
  @MainActor
  @discardableResult
  private static func succeed<Result>(_ work: () async throws -> Result) async -> Result {
    do {
      return try await work()
    } catch {
      BenchmarkFiles.fail("\(error)")
    }
  }
}

/// Scratch files for benchmarks that need them, in one directory per process.
@MainActor
enum BenchmarkFiles {
  private static let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("primetime-benchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

  /// A fresh, empty directory for the benchmark `name`.
  static func directory(for name: String) -> URL {
    let directory = root.appendingPathComponent(name, isDirectory: true)
    do {
      try? FileManager.default.removeItem(at: directory)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      fail("cannot create \(directory.path): \(error)")
    }
    return directory
  }

  /// Deletes every scratch file this process made.
  static func removeAll() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Ends the run: a benchmark whose fixture cannot be set up has nothing to measure.
  static func fail(_ message: String) -> Never {
    StandardError.writeLine("benchmarks: \(message)")
    removeAll()
    exit(1)
  }
}
