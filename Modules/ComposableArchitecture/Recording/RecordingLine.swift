#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// The header line: the format, its version, the snapshot interval and the initial state.
  static func header(state: some Encodable, snapshotInterval: Int, encoder: JSONEncoder) throws(RecordingError)
    -> String
  {
    "{\"format\":\"\(format)\",\"version\":\(version),\"snapshotInterval\":\(snapshotInterval),"
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

  /// The two fields read first from the first line, so that another format or a newer version is refused
  /// before anything else of it is decoded.
  struct Probe: Decodable {
    let format: String?
    let version: Int?
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

  /// A decoding error in a few words: what was wrong, and where in the line's JSON.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
    }
    switch error {
    case let .dataCorrupted(context):
      return context.codingPath.isEmpty
        ? "not JSON (\(context.debugDescription))" : "unreadable value\(path(context)): \(context.debugDescription)"
    case let .keyNotFound(key, context):
      return "no \"\(key.stringValue)\"\(path(context))"
    case let .typeMismatch(_, context):
      return "wrong type\(path(context)): \(context.debugDescription)"
    case let .valueNotFound(_, context):
      return "missing value\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
