import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing
import XCTest

/// Appends the next number of `\.semSequence` on every action.
struct SemSequenceFeature: ReducerProtocol {
  typealias State = [Int]
  typealias Action = Bool

  @Dependency(\.semSequence) var sequence

  func reduce(into state: inout [Int], action: Bool) -> Effect<Bool> {
    state.append(sequence.next())
    return .none
  }
}

/// A test default is made once per test and kept for the whole test, with no trait and no test store, as
/// swift-dependencies caches it per test: every read, wrapper, task and store of the test meets one instance,
/// and the next test gets a new one.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DefaultOncePerTestTests {
  @Test func twoReadsInATestWithNoTraitOrStoreMeetOneDefault() {
    let first = DependencyValues.current.semSequence
    let second = DependencyValues.current.semSequence

    #expect(first === second)
  }

  @Test func twoWrappersInATestShareOneIncrementingDefault() {
    @Dependency(\.semSequence) var first
    @Dependency(\.semSequence) var second

    #expect(first.next() == 0)
    #expect(second.next() == 1)
    #expect(first.next() == 2)
  }

  @Test func aTaskTheTestStartsSharesTheTestsDefault() async {
    let mine = DependencyValues.current.semSequence
    let theTasks = await Task { DependencyValues.current.semSequence }.value

    #expect(theTasks === mine)
  }

  @Test func aTestStoreSharesTheTestsDefaults() async {
    #expect(DependencyValues.current.semSequence.next() == 0)
    let store = TestStore(initialState: [], reducer: SemSequenceFeature())

    await store.send(true) { $0 = [1] }
    #expect(DependencyValues.current.semSequence.next() == 2)
    await store.finish()
  }

  @Test func twoTestStoresInOneTestShareTheTestsDefaults() async {
    let first = TestStore(initialState: [], reducer: SemSequenceFeature())
    let second = TestStore(initialState: [], reducer: SemSequenceFeature())

    await first.send(true) { $0 = [0] }
    await second.send(true) { $0 = [1] }
    await first.finish()
    await second.finish()
  }

  @Test func eachTestGetsItsOwnDefaultFirst() {
    #expect(DependencyValues.current.semSequence.next() == 0)
    #expect(DependencyValues.current.semSequence.next() == 1)
  }

  @Test func eachTestGetsItsOwnDefaultSecond() {
    #expect(DependencyValues.current.semSequence.next() == 0)
    #expect(DependencyValues.current.semSequence.next() == 1)
  }
}

/// The same under XCTest: one default per test case, a new one for the next.
final class DefaultOncePerTestXCTests: XCTestCase {
  func testTwoReadsInATestCaseMeetOneDefault() {
    XCTAssertEqual(DependencyValues.current.semSequence.next(), 0)
    XCTAssertEqual(DependencyValues.current.semSequence.next(), 1)
  }

  func testTheNextTestCaseGetsANewDefault() {
    XCTAssertEqual(DependencyValues.current.semSequence.next(), 0)
    XCTAssertEqual(DependencyValues.current.semSequence.next(), 1)
  }
}
