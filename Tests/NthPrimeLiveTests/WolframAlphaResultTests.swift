import Foundation
import Testing
import NthPrimeLive

/// Reading the prime from Wolfram|Alpha's answers, on stored examples.
@Suite(.timeLimit(.minutes(2)))
struct WolframAlphaResultTests {
  @Test func thePrimeIsTheFirstSubpodOfThePrimaryPod() {
    #expect(WolframAlphaResult.prime(in: WolframAlphaFixtures.seventhPrime) == 17)
    #expect(WolframAlphaResult.prime(in: WolframAlphaFixtures.millionthPrime) == 15_485_863)
  }

  @Test func theAnswerDecodesToItsPods() throws {
    let result = try JSONDecoder().decode(WolframAlphaResult.self, from: WolframAlphaFixtures.seventhPrime)
    #expect(result.queryresult.pods?.map(\.primary) == [nil, true])
    #expect(result.queryresult.pods?.map { $0.subpods.map(\.plaintext) } == [["7th prime number"], ["17"]])
  }

  @Test(arguments: [
    ("thousands separators", WolframAlphaFixtures.resultWithCommas),
    ("no primary pod", WolframAlphaFixtures.noPrimaryPod),
    ("a primary pod without subpods", WolframAlphaFixtures.primaryPodWithoutSubpods),
    ("a refused app ID", WolframAlphaFixtures.invalidAppID),
    ("a question not understood", WolframAlphaFixtures.notUnderstood),
    ("an HTML page", WolframAlphaFixtures.htmlErrorPage),
    ("nothing", Data()),
  ])
  func anythingElseGivesNoPrime(_ what: String, _ data: Data) {
    #expect(WolframAlphaResult.prime(in: data) == nil, "\(what)")
  }
}
