// The examples of docs/Dependencies.md, compiled and run. DependenciesGuideTests checks that every Swift block
// of the guide appears here (or, for the trait example, in DependencyTraitTests.swift) line for line.
import ComposableArchitecture
import Foundation
import Synchronization
import Testing

// MARK: Declaring a dependency

struct NumberFactClient: Sendable {
  var fact: @Sendable (Int) async throws -> String
  var favorite: @Sendable () -> Int

  struct Unimplemented: Error {}
}

// In the feature's module: the interface, its test and preview values.
extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(fact: { _ in throw Unimplemented() }, favorite: { 0 })
  static let previewValue = NumberFactClient(fact: { "\($0) is a number." }, favorite: { 7 })
}

extension DependencyValues {
  var numberFacts: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

// In the live module, which only the executable imports: the real thing.
extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(fact: { "\($0) is a fine number." }, favorite: { 42 })
}

// MARK: A client with only a live value

struct WeatherClient: EndpointReporting {
  var forecast: @Sendable () async throws -> String
  var alerts: @Sendable () async throws -> [String]

  func reportingEndpoints(_ report: @escaping @Sendable (_ endpoint: String) -> Void) -> Self {
    Self(
      forecast: {
        report("forecast")
        return try await forecast()
      },
      alerts: {
        report("alerts")
        return try await alerts()
      }
    )
  }
}

extension WeatherClient: DependencyKey {
  static let liveValue = WeatherClient(forecast: { "sunny" }, alerts: { [] })
}

extension DependencyValues {
  var weather: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

// MARK: Reading a dependency

final class FactModel {
  @Dependency(\.numberFacts) var numberFacts
  @Dependency(NumberFactClient.self) var sameClient
  @Dependency(\.numberFacts.favorite) var favorite
}

// MARK: Default values

final class VisitCounter: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

enum VisitCounterKey: DependencyKey {
  static var liveValue: VisitCounter { VisitCounter() }
  static var testValue: VisitCounter { VisitCounter() }
}

extension NumberFactClient {
  static let stamped = NumberFactClient(
    fact: { number in
      // Read when the endpoint is called: each caller's override of `\.date` applies.
      let now = DependencyValues.current.date.now
      return "\(number), asked at \(now.timeIntervalSince1970)"
    },
    favorite: { 7 }
  )
}

// MARK: Preparing a program's dependencies

func startProgram() {
  prepareDependencies {
    $0.numberFacts = .stamped
  }
  // ... run the program
}

// MARK: Overriding for a reducer

struct FactFeature: ReducerProtocol {
  typealias State = [String]
  typealias Action = Int

  @Dependency(\.numberFacts) var numberFacts

  func reduce(into state: inout [String], action: Int) -> Effect<Int> {
    state.append("\(action): favorite \(numberFacts.favorite())")
    return .none
  }
}

/// Runs the guide's examples, so that they do what the guide says.
@Suite(.timeLimit(.minutes(2)))
struct DependenciesGuideExamples {
  @Test func overridingForAScope() async throws {
    let fact = try await withDependencies {
      $0.numberFacts.fact = { "\($0) is stubbed." }
    } operation: {
      try await FactModel().numberFacts.fact(3)
    }
    // here the test value is back
    #expect(fact == "3 is stubbed.")
  }

  @Test func overridingOneEndpointOfALiveOnlyClient() async throws {
    let forecast = try await withDependencies {
      $0.weather.forecast = { "rain" }
    } operation: {
      try await DependencyValues.current.weather.forecast()
    }
    #expect(forecast == "rain")
  }

  @Test func readingByKeyPathOrKeyType() {
    let model = withDependencies { $0.numberFacts = .stamped } operation: { FactModel() }
    #expect(model.favorite() == 7)
    #expect(model.sameClient.favorite() == 7)
  }

  @Test func overridingForAReducer() {
    let feature = FactFeature()
      .transformDependency(\.numberFacts) { $0.favorite = { 13 } }
      .dependency(\.numberFacts, .stamped)

    var state: [String] = []
    _ = feature.reduce(into: &state, action: 1)
    #expect(state == ["1: favorite 13"])
  }

  @Test func childrenOfObjects() async throws {
    let parent = withDependencies {
      $0.numberFacts = .stamped
    } operation: {
      FactModel()
    }
    let child = withDependencies(from: parent) {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      FactModel()
    }
    let fact = try await withDependencies(from: child) { _ in } operation: {
      try await child.numberFacts.fact(5)
    }
    #expect(fact == "5, asked at 0.0")
  }

  @Test func escapingClosures() async {
    let saved = Probe.Signal()
    withDependencies {
      $0.numberFacts = .stamped
    } operation: {
      withEscapedDependencies { dependencies in
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
          dependencies.yield {
            if DependencyValues.current.numberFacts.favorite() == 7 { saved.open() }
          }
        }
      }
    }
    await saved.wait()
  }

  @Test func aStatefulDefaultIsMadeOncePerTestWithATrait() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(VisitCounterKey.self) var visits
      let first = visits.next()
      #expect(visits.next() == first + 1)
    }
  }
}
