public import FoundationEssentials

/// The part of a Wolfram|Alpha JSON answer that holds the result: `queryresult.pods[]`, each with an optional
/// `primary` flag and `subpods[]` of `plaintext`. Everything else in the answer is ignored.
public struct WolframAlphaResult: Decodable, Equatable, Sendable {
  /// The answer's body.
  public let queryresult: QueryResult

  /// `queryresult`: no `pods` when Wolfram|Alpha did not understand the question or refused the app ID.
  public struct QueryResult: Decodable, Equatable, Sendable {
    /// The answer's pods, in the order Wolfram|Alpha shows them.
    public let pods: [Pod]?
  }

  /// One pod of the answer.
  public struct Pod: Decodable, Equatable, Sendable {
    /// `true` for the pod that holds the answer; absent on the others.
    public let primary: Bool?
    /// The pod's parts; the first holds the answer's text.
    public let subpods: [Subpod]
  }

  /// One subpod: its text.
  public struct Subpod: Decodable, Equatable, Sendable {
    /// The text, as asked for with `format=plaintext`.
    public let plaintext: String
  }

  /// The prime in a JSON answer, as the original read it: the first subpod of the first primary pod, if its
  /// text is a plain integer (no commas, no words); `nil` for anything else, including malformed JSON.
  public static func prime(in data: Data) -> Int? {
    guard let result = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
    let primary = result.queryresult.pods?.first { $0.primary == true }
    return primary?.subpods.first.flatMap { Int($0.plaintext) }
  }
}
