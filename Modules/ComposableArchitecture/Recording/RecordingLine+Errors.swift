import FoundationEssentials

extension RecordingLine {
  /// Why `line` does not decode, in the person's words: what is wrong and where in the line's JSON, for the
  /// end of `the step does not decode: …`. Every decoding error a reader reports goes through here, so that
  /// none reaches the person in the decoder's own wording ("Cannot initialize…", "Expected to decode…").
  ///
  /// The decoder says only "not valid JSON" for bytes that are not UTF-8, for a line nested deeper than it
  /// reads, and for a number that does not fit its field (too large, or not whole where a whole number
  /// belongs): those are told apart here.
  static func describe(_ error: any Error, in line: some Collection<UInt8>) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    let line = Data(line)
    func place(_ context: DecodingError.Context) -> String {
      let path = JSONScanner.describe(JSONScanner.path(context.codingPath))
      return path.isEmpty ? "" : " at \(path)"
    }
    switch error {
    case let .dataCorrupted(context) where context.codingPath.isEmpty:
      if String(validating: line, as: UTF8.self) == nil {
        return "not UTF-8 text"
      }
      let depth = JSONScanner.nestingDepth(of: line)
      if depth > JSONScanner.maximumDepth {
        return "it nests arrays and objects \(depth) deep, more than the \(JSONScanner.maximumDepth) a line may have"
      }
      if (try? JSONDecoder().decode(JSONValue.self, from: line)) != nil {
        return "a number that does not fit where it is: too large, or not whole where a whole number belongs"
      }
      return "not JSON"
    case let .dataCorrupted(context):
      if let origin = origin(context, in: line) { return origin }
      // A raw value no case has: "Cannot initialize Tab from invalid String value settings".
      if context.debugDescription.hasPrefix("Cannot initialize "),
        let value = found(at: context.codingPath, in: line)
      {
        return "\(value)\(place(context)) is none of the values the program has there (a recording made by another "
          + "version?)"
      }
      // A type's own decoding said what is wrong, in words its author wrote.
      return "unreadable value\(place(context)): \(context.debugDescription)"
    case let .keyNotFound(key, context):
      return "no \"\(key.stringValue)\"\(place(context))"
    case let .typeMismatch(_, context) where context.debugDescription.hasPrefix("Invalid number of keys found"):
      // An enum's synthesized decoding found no key that is one of its cases: name the one there.
      let keys = JSONScanner.keys(at: JSONScanner.path(context.codingPath), in: line)
      if let keys, keys.count == 1 {
        return "no case \(quoted(keys[0]))\(place(context)): the program has no such case (a recording made by another "
          + "version?)"
      }
      return "no case\(place(context)): a case is an object of one key, and this has \(keys?.count ?? 0)"
    case let .typeMismatch(type, context), let .valueNotFound(type, context):
      if let origin = origin(context, in: line) { return origin }
      let value = found(at: context.codingPath, in: line) ?? "the value"
      return "\(value)\(place(context)), where \(expected(type)) belongs"
    @unknown default:
      return "\(error)"
    }
  }

  /// A step's `origin` that is not `user` or `effect`, in words; nil when the error is not about it.
  private static func origin(_ context: DecodingError.Context, in line: Data) -> String? {
    guard context.codingPath.count == 1, context.codingPath[0].stringValue == "origin" else { return nil }
    let value = found(at: context.codingPath, in: line) ?? "missing"
    return "its origin is \(value), where \"\(ActionOrigin.user.rawValue)\" or \"\(ActionOrigin.effect.rawValue)\" belongs"
  }

  /// The value at `codingPath` in `line` as the person would look for it: a string, number or literal as it
  /// is written (up to 40 bytes), an array or object by its kind; nil when the line has none there.
  private static func found(at codingPath: [any CodingKey], in line: Data) -> String? {
    guard let (kind, text) = JSONScanner.value(at: JSONScanner.path(codingPath), in: line, limit: 41) else {
      return nil
    }
    switch kind {
    case .object, .array: return kind.described
    default: return text.utf8.count > 40 ? String(decoding: text.utf8.prefix(40), as: UTF8.self) + "…" : text
    }
  }

  /// The kind of JSON value that decodes as `type`, in words: `a number`, `a string`, `an object`.
  private static func expected(_ type: Any.Type) -> String {
    switch type {
    case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: "a number"
    case is any StringProtocol.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    case is [String: Any].Type: "an object"
    default: "another kind of value"
    }
  }
}

/// Any JSON value, decoded only to tell whether a line is JSON at all (see `RecordingLine.describe(_:in:)`):
/// every number is read as a `Double`, which any JSON number fits.
private enum JSONValue: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
