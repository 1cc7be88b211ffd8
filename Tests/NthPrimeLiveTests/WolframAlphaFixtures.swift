import Foundation

/// Answers of Wolfram|Alpha's Full Results API (`output=JSON`), as stored examples: the shape of real
/// answers, cut to the fields around the result.
enum WolframAlphaFixtures {
  /// "prime 7": an input-interpretation pod, then the primary result pod.
  static let seventhPrime = Data(
    #"""
    {"queryresult":{"success":true,"error":false,"numpods":2,"datatypes":"","timedout":"","timedoutpods":"",
    "timing":0.542,"parsetiming":0.121,"parsetimedout":false,"recalculate":"","id":"MSP1","host":"https://www6b3.wolframalpha.com",
    "server":"6","related":"","version":"2.6","inputstring":"prime 7",
    "pods":[
    {"title":"Input interpretation","scanner":"Identity","id":"Input","position":100,"error":false,"numsubpods":1,
    "subpods":[{"title":"","plaintext":"7th prime number"}],"expressiontypes":{"name":"Default"}},
    {"title":"Result","scanner":"Identity","id":"Result","position":200,"error":false,"numsubpods":1,"primary":true,
    "subpods":[{"title":"","plaintext":"17"}],"expressiontypes":{"name":"Default"}}]}}
    """#.utf8
  )

  /// "prime 1000000", with a further pod after the result.
  static let millionthPrime = Data(
    #"""
    {"queryresult":{"success":true,"error":false,"numpods":3,"inputstring":"prime 1000000",
    "pods":[
    {"title":"Input interpretation","id":"Input","subpods":[{"title":"","plaintext":"1000000th prime number"}]},
    {"title":"Result","id":"Result","primary":true,"subpods":[{"title":"","plaintext":"15485863"}]},
    {"title":"Number name","id":"NumberName","subpods":[{"title":"","plaintext":"15 million 485 thousand 863"}]}]}}
    """#.utf8
  )

  /// A result written with thousands separators: the original's `Int(String)` refused it, and so does the port.
  static let resultWithCommas = Data(
    #"""
    {"queryresult":{"success":true,"error":false,"pods":[
    {"title":"Result","id":"Result","primary":true,"subpods":[{"title":"","plaintext":"15,485,863"}]}]}}
    """#.utf8
  )

  /// Pods, none of them primary.
  static let noPrimaryPod = Data(
    #"""
    {"queryresult":{"success":true,"error":false,"pods":[
    {"title":"Input interpretation","id":"Input","subpods":[{"title":"","plaintext":"7th prime number"}]},
    {"title":"Result","id":"Result","subpods":[{"title":"","plaintext":"17"}]}]}}
    """#.utf8
  )

  /// A primary pod without subpods.
  static let primaryPodWithoutSubpods = Data(
    #"""
    {"queryresult":{"success":true,"error":false,"pods":[{"title":"Result","id":"Result","primary":true,"subpods":[]}]}}
    """#.utf8
  )

  /// A refused app ID: `error` is an object and there are no pods.
  static let invalidAppID = Data(
    #"""
    {"queryresult":{"success":false,"error":{"code":"1","msg":"Invalid appid"},"numpods":0,"datatypes":"",
    "timedout":"","timedoutpods":"","timing":0.013,"parsetiming":0.0,"parsetimedout":false,"recalculate":"",
    "id":"","host":"https://www6b3.wolframalpha.com","server":"6","related":"","version":"2.6","inputstring":"prime 7"}}
    """#.utf8
  )

  /// A question Wolfram|Alpha did not understand.
  static let notUnderstood = Data(
    #"""
    {"queryresult":{"success":false,"error":false,"numpods":0,"datatypes":"","timedout":"","inputstring":"prime x",
    "didyoumeans":{"score":"0.5","level":"medium","val":"prime"}}}
    """#.utf8
  )

  /// An answer whose primary pod reads `text`, as a wrong or a forged answer would.
  static func primaryResult(_ text: String) -> Data {
    Data(
      #"""
      {"queryresult":{"success":true,"error":false,"pods":[
      {"title":"Result","id":"Result","primary":true,"subpods":[{"title":"","plaintext":"\#(text)"}]}]}}
      """#.utf8
    )
  }

  /// Not JSON at all, as a proxy's error page.
  static let htmlErrorPage = Data("<html><body>502 Bad Gateway</body></html>".utf8)
}
