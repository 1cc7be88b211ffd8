import FoundationEssentials

extension RecordingLine {
  /// The keys a header may have.
  static let headerKeys: Set<String> = ["format", "version", "program", "snapshotInterval", "state"]
  /// The keys a step may have.
  static let stepKeys: Set<String> = ["step", "origin", "action", "effects", "state"]
  /// The keys the end may have.
  static let endKeys: Set<String> = ["end", "state"]

  /// Why `line`, a line the decoder has read as a JSON object (`what`: "the header", "the step", "the end"),
  /// is not one this format has: a key it does not have, or a key given twice, which the decoder reads as
  /// one and no recorder writes; nil when its keys are right.
  ///
  /// Only the line's own keys are looked at, not those of its values (the state's, the action's).
  static func keyFault(in line: Data, allowed: Set<String>, what: String) -> String? {
    var seen: Set<String> = []
    for key in topLevelKeys(of: line) {
      guard allowed.contains(key) else {
        return "\(what) has the key \(quoted(key)), which the format does not have"
      }
      guard seen.insert(key).inserted else {
        return "\(what) has the key \(quoted(key)) twice"
      }
    }
    return nil
  }

  /// The keys of the JSON object `line` is, in order, as often as they appear; `line` is JSON the decoder has
  /// read (an object). One pass over the bytes, skipping the values, so that a line of a large state costs
  /// little beside its decoding.
  static func topLevelKeys(of line: Data) -> [String] {
    line.withUnsafeBytes { bytes in
      let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
      var keys: [String] = []
      var index = 0
      // Up to the object's opening brace.
      while index < bytes.count, bytes[index] != UInt8(ascii: "{") { index += 1 }
      index += 1
      var depth = 0
      var expectingKey = true
      while index < bytes.count {
        let byte = bytes[index]
        if byte == quote {
          let start = index + 1
          var escaped = false
          index = start
          while index < bytes.count, bytes[index] != quote {
            if bytes[index] == backslash {
              escaped = true
              index += 1
            }
            index += 1
          }
          if depth == 0, expectingKey {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<min(index, bytes.count)])
            keys.append(escaped ? unescaped(raw) : String(decoding: raw, as: UTF8.self))
            expectingKey = false
          }
          index += 1
          continue
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 { return keys }
          depth -= 1
        case UInt8(ascii: ","):
          if depth == 0 { expectingKey = true }
        default:
          break
        }
        index += 1
      }
      return keys
    }
  }

  /// A key written with escapes (`st\u0061te`), as the decoder reads it (`state`).
  private static func unescaped(_ raw: UnsafeRawBufferPointer) -> String {
    let json = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
    return (try? JSONDecoder().decode(String.self, from: json)) ?? String(decoding: raw, as: UTF8.self)
  }

  /// `key` in quotes, its quotes and backslashes escaped, as JSON writes it.
  private static func quoted(_ key: String) -> String {
    "\"" + key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
