import FoundationEssentials

extension RecordingLine {
  /// The keys a header may have.
  static let headerKeys: Set<String> = ["format", "version", "program", "snapshotInterval", "state"]
  /// The keys a step may have.
  static let stepKeys: Set<String> = ["step", "origin", "action", "effects", "state"]
  /// The keys the end may have.
  static let endKeys: Set<String> = ["end", "state"]

  /// Why `line`, a line the decoder has read as a JSON object (`what`: "the header", "the step", "the end"),
  /// is not one this format has: a key it does not have, or a key given twice in one object at any depth (in
  /// the line, its state, its action), which the decoder reads as one and no recorder writes; nil when its
  /// keys are right.
  ///
  /// One pass over the bytes, so that a line of a large state costs little beside its decoding.
  static func keyFault(in line: Data, allowed: Set<String>, what: String) -> String? {
    switch JSONScanner.keyFault(in: line, allowed: allowed) {
    case nil:
      return nil
    case let .unknown(key):
      return "\(what) has the key \(quoted(key)), which the format does not have"
    case let .repeated(key, path) where path.isEmpty:
      return "\(what) has the key \(quoted(key)) twice"
    case let .repeated(key, path):
      return "\(what) has the key \(quoted(key)) twice at \(JSONScanner.describe(path))"
    }
  }

  /// `key` in quotes, its quotes and backslashes escaped, as JSON writes it.
  static func quoted(_ key: String) -> String {
    "\"" + key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
