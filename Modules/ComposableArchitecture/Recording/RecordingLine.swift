import FoundationEssentials

/// The lines of a recording, written and read: one JSON object per line, see ``Recording``.
///
/// The writer builds each line itself, so its keys come in the documented order (`format` and `version`
/// first); the values inside (state, action) are encoded with sorted keys, so equal values give equal text.
enum RecordingLine {
  static let format = RecordingFormat.name
  /// The version written: 2 added each step's `effects` and the `end` line. Version 1 is still read.
  static let version = 2

  /// An encoder of values inside lines: sorted keys, slashes as they are, never a line break.
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The header line: the format, its version, the program that recorded (when named), the snapshot interval
  /// and the initial state.
  static func header(
    state: some Encodable, snapshotInterval: Int, program: String?, encoder: JSONEncoder
  ) throws(RecordingError) -> String {
    let program = try program.map { program throws(RecordingError) in
      "\"program\":\(try json(program, what: "the program's name", encoder: encoder)),"
    }
    return "{\"format\":\"\(format)\",\"version\":\(version),\(program ?? "")\"snapshotInterval\":\(snapshotInterval),"
      + "\"state\":\(try json(state, what: "the initial state", encoder: encoder))}"
  }

  /// The line of step `number`: its origin and action, the effects returned unless there were none, and
  /// the state after it when `state` is given.
  static func step(
    _ number: Int, origin: ActionOrigin, action: some Encodable, state: (some Encodable)?,
    effects: EffectSummary, encoder: JSONEncoder
  ) throws(RecordingError) -> String {
    var line = "{\"step\":\(number),\"origin\":\"\(origin.rawValue)\","
      + "\"action\":\(try json(action, what: "the action of step \(number)", encoder: encoder))"
    if !effects.isNone {
      line += ",\"effects\":\(try json(effects, what: "the effects of step \(number)", encoder: encoder))"
    }
    if let state {
      line += ",\"state\":\(try json(state, what: "the state after step \(number)", encoder: encoder))"
    }
    return line + "}"
  }

  /// The last line: how many steps there were, and the state the run ended in.
  static func end(after steps: Int, state: some Encodable, encoder: JSONEncoder) throws(RecordingError) -> String {
    "{\"end\":\(steps),\"state\":\(try json(state, what: "the state at the end", encoder: encoder))}"
  }

  private static func json(_ value: some Encodable, what: String, encoder: JSONEncoder) throws(RecordingError)
    -> String
  {
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw RecordingError(line: nil, "\(what) could not be encoded: \(error)")
    }
  }

  /// What the header holds beyond what every line is checked for.
  struct Header<State: Decodable>: Decodable {
    let snapshotInterval: Int
    let state: State
  }

  /// The fields read first from the first line, so that another format, a newer version or another
  /// program's recording is refused before anything else of it is decoded.
  struct Probe: Decodable {
    let format: String?
    let version: Int?
    let program: String?
  }

  /// A line after the header: a step (`step`, `origin`, `action`, maybe `effects` and `state`) or the end
  /// (`end` and `state`); which fields a line must have is checked by the reader.
  struct BodyLine<State: Decodable, Action: Decodable>: Decodable {
    let step: Int?
    let end: Int?
    let origin: ActionOrigin?
    let action: Action?
    let effects: EffectSummary?
    let state: State?
  }

  /// A decoding error of `line` in a few words: what was wrong, and where in the line's JSON.
  ///
  /// The decoder says only "not valid JSON" for bytes that are not UTF-8, and for a number that does not fit
  /// its field (too large, or not whole where a whole number belongs): those are told apart here.
  static func describe(_ error: any Error, in line: some Collection<UInt8>) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
    }
    switch error {
    case let .dataCorrupted(context) where context.codingPath.isEmpty:
      if String(validating: line, as: UTF8.self) == nil {
        return "not UTF-8 text"
      }
      if (try? JSONDecoder().decode(JSONValue.self, from: Data(line))) != nil {
        return "a number that does not fit where it is: too large, or not whole where a whole number belongs"
      }
      return "not JSON (\(context.debugDescription))"
    case let .dataCorrupted(context):
      return "unreadable value\(path(context)): \(context.debugDescription)"
    case let .keyNotFound(key, context):
      return "no \"\(key.stringValue)\"\(path(context))"
    case let .typeMismatch(_, context) where context.debugDescription.hasPrefix("Invalid number of keys found"):
      // An enum's synthesized decoding found no key that is one of its cases: name the one there.
      let keys = objectKeys(at: context.codingPath, in: line)
      if let keys, keys.count == 1 {
        return "no case \"\(keys[0])\"\(path(context)): the program has no such case (a recording made by another "
          + "version?)"
      }
      return "no case\(path(context)): a case is an object of one key, and this has \(keys?.count ?? 0)"
    case let .typeMismatch(_, context):
      return "wrong type\(path(context)): \(context.debugDescription)"
    case let .valueNotFound(_, context):
      return "missing value\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}

/// The keys of the JSON object at `codingPath` in `line`, sorted; nil when there is no object there.
private func objectKeys(at codingPath: [any CodingKey], in line: some Collection<UInt8>) -> [String]? {
  guard var value = try? JSONDecoder().decode(JSONValue.self, from: Data(line)) else { return nil }
  for key in codingPath {
    switch value {
    case let .object(members):
      guard let member = members[key.stringValue] else { return nil }
      value = member
    case let .array(elements):
      guard let index = key.intValue, elements.indices.contains(index) else { return nil }
      value = elements[index]
    default:
      return nil
    }
  }
  guard case let .object(members) = value else { return nil }
  return members.keys.sorted()
}

/// Any JSON value, decoded only to tell whether a line is JSON at all (see ``RecordingLine/describe(_:in:)``):
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
