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
}
