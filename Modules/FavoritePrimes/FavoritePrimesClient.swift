public import ComposableArchitecture
import Synchronization

/// Where favourite primes are kept between runs: the interface, its doubles, and its dependency key and
/// accessor (``ComposableArchitecture/DependencyValues/favoritePrimesClient``). The SQLite implementation
/// lives in its own module, which only executables import; they provide it with
/// `.dependency(\.favoritePrimesClient, ...)`.
public struct FavoritePrimesClient: Sendable {
  /// The saved favourite primes, in order; an empty list when nothing was ever saved.
  public var load: @Sendable () async throws -> [Int]
  /// Saves `primes` as the favourite primes, all or nothing, and returns the list now saved.
  ///
  /// That is `primes`, unless another PrimeTime saved since the list this client last read or saved: then its
  /// changes are kept too (see ``mergingFavoritePrimes(_:since:into:)``), and the list returned has them.
  /// Only this client's own changes since that list are applied, so its saves must not overlap, and the
  /// caller should adopt each list returned.
  public var save: @Sendable (_ primes: [Int]) async throws -> [Int]

  /// Creates a client from its endpoints.
  public init(
    load: @escaping @Sendable () async throws -> [Int],
    save: @escaping @Sendable (_ primes: [Int]) async throws -> [Int]
  ) {
    self.load = load
    self.save = save
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
    }
  )

  /// For demos: favourites kept in memory, starting with `primes`, for as long as the client lives.
  public static func inMemory(_ primes: [Int] = []) -> Self {
    let storage = Mutex(primes)
    return FavoritePrimesClient(
      load: { storage.withLock { $0 } },
      save: { primes in
        storage.withLock { $0 = primes }
        return primes
      }
    )
  }
}

extension FavoritePrimesClient: TestDependencyKey {
  /// ``failing``: a test stubs what it uses.
  public static let testValue = FavoritePrimesClient.failing
  /// ``inMemory(_:)``, empty: demos and sandboxes keep nothing.
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

/// The error of an endpoint a test did not stub.
struct UnimplementedEndpoint: Error, CustomStringConvertible {
  let name: String

  var description: String { "FavoritePrimesClient.\(name) is not implemented here" }
}
