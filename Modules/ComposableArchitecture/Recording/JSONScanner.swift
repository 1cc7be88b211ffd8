import FoundationEssentials

/// A reader of the shape of one line of JSON, byte by byte, for what the decoder does not say: how deep it
/// nests, which keys each object has (a key given twice, at any depth), what value is at a coding path.
///
/// It never recurses, so no nesting, however deep, can overflow the stack; it keeps a frame per open array or
/// object on the heap, up to ``maximumDepth`` (past it, it stops). It trusts the line to be JSON the decoder
/// read (``nestingDepth(of:)`` excepted, which takes any bytes): on other bytes its answers may be wrong, but
/// it returns.
enum JSONScanner {
  /// The most arrays and objects one inside another that the decoder reads: 512. A deeper line is not read.
  static let maximumDepth = 512

  /// One step of a path into a JSON value: a key of an object, or an index of an array.
  enum PathComponent: Equatable {
    case key(String)
    case index(Int)
  }

  /// What kind of JSON value starts with `byte`.
  enum Kind {
    case object, array, string, number, boolean, null

    /// The kind in words, with its article: `an object`, `a string`, `null`.
    var described: String {
      switch self {
      case .object: "an object"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .boolean: "true or false"
      case .null: "null"
      }
    }
  }

  /// The deepest the arrays and objects of `line` go, one inside another: 0 for a string or a number, 1 for
  /// `{"a":1}`, 2 for `{"a":[1]}`. Brackets inside strings are not counted. Any bytes are taken.
  static func nestingDepth(of line: Data) -> Int {
    line.withUnsafeBytes { bytes in
      var depth = 0
      var deepest = 0
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case quote:
          index = endOfString(startingAt: index, in: bytes)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          deepest = max(deepest, depth)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth = max(depth - 1, 0)
        default:
          break
        }
        index += 1
      }
      return deepest
    }
  }

  /// `path` as the reader's messages write it: `state.echoes[0]`; empty for the whole line.
  static func describe(_ path: [PathComponent]) -> String {
    var text = ""
    for component in path {
      switch component {
      case let .key(key): text += text.isEmpty ? key : ".\(key)"
      case let .index(index): text += "[\(index)]"
      }
    }
    return text
  }

  /// `path` from a decoder's coding path.
  static func path(_ codingPath: [any CodingKey]) -> [PathComponent] {
    codingPath.map { key in key.intValue.map(PathComponent.index) ?? .key(key.stringValue) }
  }

  /// What is wrong with the keys of `line`'s objects: a top-level key not in `allowed`, or, at any depth, a key
  /// given twice in one object (the decoder would keep one of them silently); nil when nothing is.
  static func keyFault(in line: Data, allowed: Set<String>) -> KeyFault? {
    var fault: KeyFault?
    walk(line, key: { frames, key in
      if frames.count == 1, !allowed.contains(key) {
        fault = .unknown(key: key)
        return false
      }
      if frames.last?.keys.contains(key) == true {
        fault = .repeated(key: key, at: path(of: frames.dropLast()))
        return false
      }
      return true
    }, value: nil)
    return fault
  }

  /// A fault ``keyFault(in:allowed:)`` finds.
  enum KeyFault: Equatable {
    /// The line has a key its kind does not have.
    case unknown(key: String)
    /// The object at `path` has `key` twice.
    case repeated(key: String, at: [PathComponent])
  }

  /// The value at `path` in `line`: its kind and its text (the first `limit` bytes of it, a container's
  /// opening bracket only); nil when the line has no value there.
  static func value(at path: [PathComponent], in line: Data, limit: Int = 40) -> (kind: Kind, text: String)? {
    var found: (kind: Kind, text: String)?
    walk(line) { _, _ in
      true
    } value: { frames, kind, text in
      guard frames.count == path.count, Self.path(of: frames) == path else { return true }
      found = (kind, String(decoding: text.prefix(limit), as: UTF8.self))
      return false
    }
    return found
  }

  /// The keys of the object at `path` in `line`, in order; nil when the value there is no object.
  static func keys(at path: [PathComponent], in line: Data) -> [String]? {
    var keys: [String]?
    walk(line) { frames, key in
      guard frames.count == path.count + 1, Self.path(of: frames.dropLast()) == path else { return true }
      keys?.append(key)
      return true
    } value: { frames, kind, _ in
      if frames.count == path.count, Self.path(of: frames) == path {
        guard kind == .object else { return false }
        keys = []
      }
      return true
    }
    return keys
  }

  /// An open array or object, as ``walk(_:key:value:)`` goes through it.
  private struct Frame {
    /// Whether it is an object (else an array).
    var isObject: Bool
    /// An object's keys so far, the one being read last.
    var keys: Set<String> = []
    /// The key being read: its value's place in the object.
    var key = ""
    /// The index of an array's element being read: -1 before the first.
    var index = -1
  }

  /// The path to what `frames` are reading: their keys and indexes.
  private static func path(of frames: some Collection<Frame>) -> [PathComponent] {
    frames.map { $0.isObject ? .key($0.key) : .index($0.index) }
  }

  /// Goes through `line` in order, calling `key` with the open containers (the innermost is the object) and
  /// each key before it is read, and `value` with the open containers (which hold its place; none for the
  /// whole line), kind and bytes (to its end, for a string, a number or a literal; the opening bracket of a
  /// container) of each value as it starts. Either returns false to stop. The path to a place is built only
  /// when a visitor asks (``path(of:)``), so a walk that looks only at keys costs little per value.
  private static func walk(
    _ line: Data,
    key visitKey: ([Frame], String) -> Bool,
    value visitValue: (([Frame], Kind, UnsafeRawBufferPointer) -> Bool)?
  ) {
    line.withUnsafeBytes { bytes in
      var frames: [Frame] = []
      var expectingKey = false
      var index = 0
      /// Says a value starts, after moving an array to its next element; false to stop.
      func startValue(_ kind: Kind, _ raw: UnsafeRawBufferPointer) -> Bool {
        if let last = frames.indices.last, !frames[last].isObject {
          frames[last].index += 1
        }
        return visitValue?(frames, kind, raw) ?? true
      }
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case quote:
          let end = endOfString(startingAt: index, in: bytes)
          let raw = UnsafeRawBufferPointer(rebasing: bytes[index..<min(end + 1, bytes.count)])
          if expectingKey, let last = frames.indices.last, frames[last].isObject {
            let key = decodeString(raw)
            guard visitKey(frames, key) else { return }
            frames[last].keys.insert(key)
            frames[last].key = key
            expectingKey = false
          } else {
            guard startValue(.string, raw) else { return }
          }
          index = end + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = byte == UInt8(ascii: "{")
          let raw = UnsafeRawBufferPointer(rebasing: bytes[index..<index + 1])
          // Deeper than the decoder reads, the line is refused for that (``nestingDepth(of:)``): the walk stops
          // rather than keep a frame per byte of a line of brackets.
          guard frames.count < maximumDepth, startValue(isObject ? .object : .array, raw) else { return }
          frames.append(Frame(isObject: isObject))
          expectingKey = isObject
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard frames.popLast() != nil, !frames.isEmpty else { return }
          expectingKey = false
          index += 1
        case UInt8(ascii: ","):
          expectingKey = frames.last?.isObject == true
          index += 1
        case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          index += 1
        default:
          var end = index + 1
          while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
          let kind: Kind =
            switch byte {
            case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
            case UInt8(ascii: "n"): .null
            default: .number
            }
          guard startValue(kind, UnsafeRawBufferPointer(rebasing: bytes[index..<end])) else { return }
          index = end
        }
      }
    }
  }

  private static let quote = UInt8(ascii: "\"")

  /// Whether `byte` ends a number or a literal.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: " "),
      UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), quote:
      true
    default:
      false
    }
  }

  /// The index of the quote that ends the string whose opening quote is at `start` (or the end of `bytes`).
  private static func endOfString(startingAt start: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    var index = start + 1
    while index < bytes.count, bytes[index] != quote {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return min(index, bytes.count)
  }

  /// The string `raw` (with its quotes) stands for, as the decoder reads it: `"st\u0061te"` is `state`.
  private static func decodeString(_ raw: UnsafeRawBufferPointer) -> String {
    let inner = raw.count >= 2 ? UnsafeRawBufferPointer(rebasing: raw.dropFirst().dropLast()) : raw
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    return (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: inner, as: UTF8.self)
  }
}
