/// A readable, deterministic rendering of any value, built from its `Mirror`: the text of the test support's
/// failure messages and of a store's ``Trace``.
///
/// Structs and classes show every stored field by name, enums show `.case(payload)`, strings are quoted, sets
/// and dictionaries are sorted. At the top level a value's fields go one per line, so that a line diff of two
/// dumps reads field by field; nested values stay on one line while they are short.
///
/// Every entry point takes `maxElements`: a collection, set or dictionary longer than that shows its first
/// `maxElements` elements and then `… N more`, so rendering a million favourites costs what rendering a few
/// does. The test support passes none (everything is shown); the trace passes ``traceElements``.
package enum ValueDump {
  /// How many elements of one collection the trace shows.
  package static let traceElements = 20

  /// A value as a tree: a leaf of text, or a group of labelled children between an opening and a closing.
  package indirect enum Node {
    case leaf(String)
    case group(open: String, close: String, children: [(label: String?, node: Node)])
    /// `… N more`: the elements a collection does not show.
    case more(Int)
  }

  /// The value on one line, e.g. `.counter(.nthPrimeResponse(n: 7, prime: 17))`.
  package static func inline(_ value: Any, maxElements: Int = .max) -> String {
    inline(node(value, maxElements: maxElements))
  }

  /// The value over several lines, its own fields one per line.
  package static func lines(_ value: Any, maxElements: Int = .max) -> [String] {
    render(node(value, maxElements: maxElements), label: nil, indent: "", isLast: true, expand: true)
  }

  /// The value on one line when it is short, otherwise as ``lines(_:)`` gives it.
  package static func compactLines(_ value: Any, maxElements: Int = .max) -> [String] {
    render(node(value, maxElements: maxElements), label: nil, indent: "", isLast: true, expand: false)
  }

  private static let maxDepth = 24
  /// The widest a nested value may be, its label and indentation included, to stay on one line.
  package static let maxInlineWidth = 72

  /// The tree of `value`, whose collections show at most `maxElements` elements each.
  package static func node(_ value: Any, depth: Int = 0, maxElements: Int = .max) -> Node {
    guard depth < maxDepth else { return .leaf("…") }
    let limit = max(maxElements, 0)
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
      return node(wrapped.value, depth: depth, maxElements: limit)
    case .enum:
      guard let payload = mirror.children.first else { return .leaf("." + caseName(of: value)) }
      let open = ".\(payload.label ?? "case")("
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        return .group(open: open, close: ")", children: fields(payloadMirror, depth: depth, maxElements: limit))
      }
      return .group(
        open: open, close: ")", children: [(nil, node(payload.value, depth: depth + 1, maxElements: limit))]
      )
    case .tuple:
      return .group(open: "(", close: ")", children: fields(mirror, depth: depth, maxElements: limit))
    case .struct, .class:
      return .group(
        open: "\(type(of: value))(", close: ")", children: fields(mirror, depth: depth, maxElements: limit)
      )
    case .collection:
      let elements = mirror.children.prefix(limit).map { child -> (label: String?, node: Node) in
        (nil, node(child.value, depth: depth + 1, maxElements: limit))
      }
      return .group(open: "[", close: "]", children: elements + more(mirror.children.count, shown: limit))
    case .set:
      // Sorted when all are shown; a longer set shows some of its elements, in no particular order.
      let elements = mirror.children.prefix(limit).map { node($0.value, depth: depth + 1, maxElements: limit) }
        .sorted { inline($0) < inline($1) }
      return .group(
        open: "Set([", close: "])", children: elements.map { (nil, $0) } + more(mirror.children.count, shown: limit)
      )
    case .dictionary:
      guard !mirror.children.isEmpty else { return .leaf("[:]") }
      let entries = mirror.children.prefix(limit).map { entry -> (key: String, node: Node) in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return ("?", node(entry.value, depth: depth + 1, maxElements: limit)) }
        return (
          inline(node(pair[0].value, depth: depth + 1, maxElements: limit)),
          node(pair[1].value, depth: depth + 1, maxElements: limit)
        )
      }
      .sorted { $0.key < $1.key }
      return .group(
        open: "[", close: "]",
        children: entries.map { ($0.key, $0.node) } + more(mirror.children.count, shown: limit)
      )
    default:
      return .leaf(String(describing: value))
    }
  }

  private static func fields(_ mirror: Mirror, depth: Int, maxElements: Int) -> [(label: String?, node: Node)] {
    mirror.children.map { child in
      (label(of: child), node(child.value, depth: depth + 1, maxElements: maxElements))
    }
  }

  /// The label a field is shown with: none for a tuple's unlabelled elements (`.0`, `.1`); a presentation's
  /// own name (`alert`), not the name Swift gives the property wrapper's storage (`_alert`).
  package static func label(of child: Mirror.Child) -> String? {
    guard let label = child.label, !label.hasPrefix(".") else { return nil }
    if label.hasPrefix("_"), child.value is any PresentationStateProtocol {
      return String(label.dropFirst())
    }
    return label
  }

  /// The `… N more` that ends a collection of `count` elements of which `shown` are shown; nothing when all are.
  private static func more(_ count: Int, shown: Int) -> [(label: String?, node: Node)] {
    count > shown ? [(nil, .more(count - shown))] : []
  }

  /// Whether some collection in the tree is not shown whole: two such trees may print the same and differ.
  package static func isShortened(_ node: Node) -> Bool {
    switch node {
    case .leaf: false
    case .more: true
    case let .group(_, _, children): children.contains { isShortened($0.node) }
    }
  }

  /// The tree on one line.
  package static func inline(_ node: Node) -> String {
    switch node {
    case let .leaf(text):
      return text
    case let .more(count):
      return "… \(count) more"
    case let .group(open, close, children):
      let inner = children.map { child in
        (child.label.map { "\($0): " } ?? "") + inline(child.node)
      }
      return open + inner.joined(separator: ", ") + close
    }
  }

  /// The tree's lines: `label: ` first, children indented by two spaces, a comma unless `isLast`; a group goes
  /// on one line when it fits in ``maxInlineWidth`` and `expand` is false.
  package static func render(_ node: Node, label: String?, indent: String, isLast: Bool, expand: Bool) -> [String] {
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

/// The name of the case `value` is in, as declared: `"\(value)"` would show a custom `description` instead
/// (`.Nothing to dismiss…` for `.nothingToDismiss`).
///
/// Called with `Any`, the existential is opened, so the runtime sees the enum's own type.
private func caseName<Value>(of value: Value) -> String {
  runtimeEnumCaseName(value).map { String(cString: $0) } ?? "\(value)"
}

/// The Swift runtime's entry point behind the standard library's own printing of enum cases: the name of the
/// case of `value`, or `nil` when the type keeps no names (reflection metadata stripped). It reads `value`
/// and its type's metadata only, and returns a pointer into that metadata, which lives as long as the process.
@_silgen_name("swift_EnumCaseName")
func runtimeEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
