import ComposableArchitecture
import Testing

enum CasePathOuter: Equatable, Sendable {
  case inner(CasePathInner)
  case label(String)
  case empty

  static let innerCase = CasePath(CasePathOuter.inner) { if case .inner(let value) = $0 { value } else { nil } }
  static let labelCase = CasePath(CasePathOuter.label) { if case .label(let value) = $0 { value } else { nil } }
}

enum CasePathInner: Equatable, Sendable {
  case count(Int)
  case flag(Bool)

  static let countCase = CasePath(CasePathInner.count) { if case .count(let value) = $0 { value } else { nil } }
}

@Suite(.timeLimit(.minutes(2)))
struct CasePathTests {
  @Test func embedWrapsTheValueInTheCase() {
    #expect(CasePathOuter.labelCase.embed("hi") == .label("hi"))
    #expect(CasePathOuter.innerCase.embed(.flag(true)) == .inner(.flag(true)))
  }

  @Test func extractReturnsTheAssociatedValueOfItsOwnCaseOnly() {
    #expect(CasePathOuter.labelCase.extract(from: .label("hi")) == "hi")
    #expect(CasePathOuter.labelCase.extract(from: .empty) == nil)
    #expect(CasePathOuter.labelCase.extract(from: .inner(.count(1))) == nil)
    #expect(CasePathOuter.innerCase.extract(from: .label("hi")) == nil)
  }

  @Test func extractAfterEmbedRoundTrips() {
    for value in ["", "a", "long label"] {
      #expect(CasePathOuter.labelCase.extract(from: CasePathOuter.labelCase.embed(value)) == value)
    }
  }

  @Test func theLabelledInitializerBuildsTheSamePath() {
    let path = CasePath<CasePathOuter, String>(
      embed: { .label($0) },
      extract: { if case .label(let value) = $0 { value } else { nil } }
    )
    #expect(path.embed("x") == .label("x"))
    #expect(path.extract(from: .label("y")) == "y")
    #expect(path.extract(from: .empty) == nil)
  }

  @Test func appendingGoesOneCaseDeeper() {
    let path = CasePathOuter.innerCase.appending(path: CasePathInner.countCase)
    #expect(path.embed(42) == .inner(.count(42)))
    #expect(path.extract(from: .inner(.count(7))) == 7)
    // The outer case matches but the inner one does not.
    #expect(path.extract(from: .inner(.flag(false))) == nil)
    // The outer case does not match.
    #expect(path.extract(from: .label("7")) == nil)
  }

  @Test func dotDotOperatorComposesLikeAppending() {
    let path = CasePathOuter.innerCase .. CasePathInner.countCase
    #expect(path.embed(3) == .inner(.count(3)))
    #expect(path.extract(from: .inner(.count(3))) == 3)
    #expect(path.extract(from: .inner(.flag(true))) == nil)
    #expect(path.extract(from: .empty) == nil)
  }

  @Test func identityEmbedsAndExtractsTheValueUnchanged() {
    let path = CasePath<CasePathOuter, CasePathOuter>.identity
    #expect(path.embed(.empty) == .empty)
    #expect(path.extract(from: .label("z")) == .label("z"))
    let composed: CasePath<CasePathOuter, CasePathInner> = CasePathOuter.innerCase .. .identity
    #expect(composed.extract(from: .inner(.flag(true))) == .flag(true))
    #expect(composed.extract(from: .empty) == nil)
  }

  @Test func embedIsUsableAsASendableFunction() {
    let embed: @Sendable (Int) -> CasePathInner = CasePathInner.countCase.embed
    #expect([1, 2].map(embed) == [.count(1), .count(2)])
  }
}
