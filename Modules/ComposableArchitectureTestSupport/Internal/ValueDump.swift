/// A readable, deterministic rendering of any value, built from its `Mirror`: the text of failure messages.
///
/// Structs and classes show every stored field by name, enums show `.case(payload)`, strings are quoted, sets
/// and dictionaries are sorted. At the top level a value's fields go one per line, so that a line diff of two
/// dumps reads field by field; nested values stay on one line while they are short.
enum ValueDump {
  indirect enum Node {
    case leaf(String)
    case group(open: String, close: String, children: [(label: String?, node: Node)])
  }

  /// The value on one line, e.g. `.counter(.nthPrimeResponse(n: 7, prime: 17))`.
  static func inline(_ value: Any) -> String {
    inline(node(value))
  }

  /// The value over several lines, its own fields one per line.
  static func lines(_ value: Any) -> [String] {
    render(node(value), label: nil, indent: "", isLast: true, expand: true)
  }

  /// The value on one line when it is short, otherwise as ``lines(_:)`` gives it.
  static func compactLines(_ value: Any) -> [String] {
    render(node(value), label: nil, indent: "", isLast: true, expand: false)
  }

  private static let maxDepth = 24
  private static let maxInlineWidth = 72

  static func node(_ value: Any, depth: Int = 0) -> Node {
    guard depth < maxDepth else { return .leaf("…") }
    switch value {
    case let string as String:
      return .leaf(string.debugDescription)
    case let character as Character:
      return .leaf(String(character).debugDescription)
    default:
      break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .leaf("nil") }
      return node(wrapped.value, depth: depth)
    case .enum:
      guard let payload = mirror.children.first else { return .leaf(".\(value)") }
      let open = ".\(payload.label ?? "case")("
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        return .group(open: open, close: ")", children: fields(payloadMirror, depth: depth))
      }
      return .group(open: open, close: ")", children: [(nil, node(payload.value, depth: depth + 1))])
    case .tuple:
      return .group(open: "(", close: ")", children: fields(mirror, depth: depth))
    case .struct, .class:
      return .group(open: "\(type(of: value))(", close: ")", children: fields(mirror, depth: depth))
    case .collection:
      return .group(open: "[", close: "]", children: mirror.children.map { (nil, node($0.value, depth: depth + 1)) })
    case .set:
      let elements = mirror.children.map { node($0.value, depth: depth + 1) }
        .sorted { inline($0) < inline($1) }
      return .group(open: "Set([", close: "])", children: elements.map { (nil, $0) })
    case .dictionary:
      guard !mirror.children.isEmpty else { return .leaf("[:]") }
      let entries = mirror.children.map { entry -> (key: String, node: Node) in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return ("?", node(entry.value, depth: depth + 1)) }
        return (inline(node(pair[0].value, depth: depth + 1)), node(pair[1].value, depth: depth + 1))
      }
      .sorted { $0.key < $1.key }
      return .group(open: "[", close: "]", children: entries.map { ($0.key, $0.node) })
    default:
      return .leaf(String(describing: value))
    }
  }

  private static func fields(_ mirror: Mirror, depth: Int) -> [(label: String?, node: Node)] {
    mirror.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return (label, node(child.value, depth: depth + 1))
    }
  }

  static func inline(_ node: Node) -> String {
    switch node {
    case let .leaf(text):
      return text
    case let .group(open, close, children):
      let inner = children.map { child in
        (child.label.map { "\($0): " } ?? "") + inline(child.node)
      }
      return open + inner.joined(separator: ", ") + close
    }
  }

  private static func render(_ node: Node, label: String?, indent: String, isLast: Bool, expand: Bool) -> [String] {
    let prefix = indent + (label.map { "\($0): " } ?? "")
    let suffix = isLast ? "" : ","
    guard case let .group(open, close, children) = node, !children.isEmpty else {
      return [prefix + inline(node) + suffix]
    }
    let oneLine = inline(node)
    if !expand, prefix.count + oneLine.count <= maxInlineWidth {
      return [prefix + oneLine + suffix]
    }
    var lines = [prefix + open]
    for (index, child) in children.enumerated() {
      lines += render(
        child.node,
        label: child.label,
        indent: indent + "  ",
        isLast: index == children.count - 1,
        expand: false
      )
    }
    lines.append(indent + close + suffix)
    return lines
  }
}
