@testable import ComposableArchitecture
import Testing

@Suite(.timeLimit(.minutes(2)))
struct CancelIDTests {
  private enum Feature: Hashable, Sendable { case request }
  private enum OtherFeature: Hashable, Sendable { case request }

  @Test func idsOfTheSameTypeAndValueAreEqual() {
    #expect(CancelID(Feature.request) == CancelID(Feature.request))
    #expect(CancelID(7) == CancelID(7))
    #expect(Set([CancelID(7), CancelID(7)]).count == 1)
  }

  @Test func equalValuesOfDifferentTypesAreDifferentIDs() {
    #expect(CancelID(1 as Int) != CancelID(1 as UInt8))
    #expect(CancelID(1 as Int) != CancelID(1.0))
    #expect(CancelID(Feature.request) != CancelID(OtherFeature.request))
    #expect(Set([CancelID(1 as Int), CancelID(1 as UInt8)]).count == 2)
  }
}
