public import ComposableArchitecture

/// Finds the first prime above a number: the tutorial feature's one dependency.
public struct PrimeSearchClient: Sendable {
  /// The first prime greater than `number`; throws when there is none that an `Int` can hold.
  public var nextPrime: @Sendable (_ number: Int) async throws -> Int

  /// Creates a client from its endpoint: the live module, previews and tests each build their own.
  public init(nextPrime: @escaping @Sendable (_ number: Int) async throws -> Int) {
    self.nextPrime = nextPrime
  }
}

/// What `nextPrime` throws when no prime above the number fits in an `Int`.
public struct NoPrimeFound: Error, Equatable {
  /// The number the search started from.
  public var number: Int

  /// The error for a search that started from `number`: the live module throws it, and tests build it.
  public init(number: Int) {
    self.number = number
  }
}

extension PrimeSearchClient: TestDependencyKey {
  /// Fails the test that calls it: a test stubs what it uses.
  public static let testValue = PrimeSearchClient { number in
    reportIssue("PrimeSearchClient.nextPrime(\(number)) was called, but this test did not stub it")
    throw NoPrimeFound(number: number)
  }

  /// Answers at once from the primes up to 31.
  public static let previewValue = PrimeSearchClient { number in
    guard let prime = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31].first(where: { $0 > number }) else {
      throw NoPrimeFound(number: number)
    }
    return prime
  }
}

extension DependencyValues {
  /// Where the feature's prime searches go.
  public var primeSearch: PrimeSearchClient {
    get { self[PrimeSearchClient.self] }
    set { self[PrimeSearchClient.self] = newValue }
  }
}
