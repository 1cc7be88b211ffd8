/// The diff of two values of one type, built from their structure rather than from two full renderings: what a
/// ``Trace`` writes after each action.
///
/// Equal parts are found by `==` where the type is `Equatable` (an array whose buffer is shared compares in
/// constant time), so only the parts that differ are walked and rendered: an unchanged run of fields or
/// elements shows as `…`, a changed leaf as a `−` line and a `+` line, a changed struct as its fields. Arrays
/// of `Equatable` elements are compared by common prefix and suffix; sets and dictionaries by what was
/// removed, added or changed. At most `maxElements` changed elements of one collection are shown, and every
/// value is rendered with at most `maxElements` elements per collection, so the cost follows the change,
/// not the size of the state. The lines indent and end (commas) as ``ValueDump/lines(_:maxElements:)`` would.
package enum StateDiff {
  /// The diff's lines; empty when no difference shows (the values are equal, or print the same).
  package static func lines(from old: Any, to new: Any, maxElements: Int) -> [LineDiff.Line] {
    var differ = Differ(maxElements: max(maxElements, 1))
    _ = differ.diff(old, new, at: Place(label: nil, indent: "", oldIsLast: true, newIsLast: true), expand: true)
    return differ.lines
  }

  /// `lhs == rhs` when the values are `Equatable` (false when their types differ); nil when they are not.
  package static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Where a value's lines go: its label, its indentation, and whether it ends its parent on either side (no
/// comma after it).
private struct Place {
  var label: String?
  var indent: String
  var oldIsLast: Bool
  var newIsLast: Bool

  /// What starts the value's first line: the indentation and `label: `.
  var prefix: String { indent + (label.map { "\($0): " } ?? "") }

  /// The indentation of the value's children.
  var childIndent: String { indent + "  " }
}

/// An array of `Equatable` elements, compared element by element without a `Mirror`.
private protocol ElementwiseComparable {
  /// How many leading and how many trailing elements this array and `other` share (never overlapping); nil
  /// when `other` is not an array of the same type.
  func commonAffixes(with other: Any) -> (prefix: Int, suffix: Int)?

  /// At most `count` elements from position `start` on, without walking the ones before it.
  func elements(from start: Int, count: Int) -> [Any]
}

extension Array: ElementwiseComparable where Element: Equatable {
  fileprivate func commonAffixes(with other: Any) -> (prefix: Int, suffix: Int)? {
    guard let other = other as? Self else { return nil }
    let shorter = Swift.min(count, other.count)
    var prefix = 0
    while prefix < shorter, self[prefix] == other[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix, self[count - 1 - suffix] == other[other.count - 1 - suffix] {
      suffix += 1
    }
    return (prefix, suffix)
  }

  fileprivate func elements(from start: Int, count: Int) -> [Any] {
    let lower = Swift.min(Swift.max(start, 0), self.count)
    let upper = lower + Swift.min(Swift.max(count, 0), self.count - lower)
    return self[lower..<upper].map { $0 as Any }
  }
}

/// A set, compared by what one holds and the other does not.
private protocol SetComparable {
  /// The elements only in this set, those only in `other`, and how many both hold; nil when `other` is not a
  /// set of the same type.
  func changes(to other: Any) -> (removed: [Any], added: [Any], kept: Int)?
}

extension Set: SetComparable {
  fileprivate func changes(to other: Any) -> (removed: [Any], added: [Any], kept: Int)? {
    guard let other = other as? Self else { return nil }
    let removed = subtracting(other)
    return (Array(removed), Array(other.subtracting(self)), count - removed.count)
  }
}

/// A dictionary of `Equatable` values, compared key by key.
private protocol KeyedComparable {
  /// The entries only in this dictionary, those only in `other`, the keys whose values differ (with both
  /// values), and how many entries are the same; nil when `other` is not a dictionary of the same type.
  func changes(to other: Any) -> (
    removed: [(key: Any, value: Any)], added: [(key: Any, value: Any)], changed: [(key: Any, old: Any, new: Any)],
    kept: Int
  )?
}

extension Dictionary: KeyedComparable where Value: Equatable {
  fileprivate func changes(to other: Any) -> (
    removed: [(key: Any, value: Any)], added: [(key: Any, value: Any)], changed: [(key: Any, old: Any, new: Any)],
    kept: Int
  )? {
    guard let other = other as? Self else { return nil }
    var removed: [(key: Any, value: Any)] = []
    var changed: [(key: Any, old: Any, new: Any)] = []
    var kept = 0
    for (key, value) in self {
      if let newValue = other[key] {
        if newValue == value {
          kept += 1
        } else {
          changed.append((key, value, newValue))
        }
      } else {
        removed.append((key, value))
      }
    }
    let added = other.filter { self[$0.key] == nil }.map { (key: $0.key as Any, value: $0.value as Any) }
    return (removed, added, changed, kept)
  }
}

private struct Differ {
  let maxElements: Int
  var lines: [LineDiff.Line] = []

  private static let maxDepth = 24

  /// Appends the lines showing how `old` became `new` at `place`; appends nothing and returns false when no
  /// difference shows. `expand` puts a struct's fields on lines of their own even when it is short (the top
  /// level, as ``ValueDump/lines(_:maxElements:)`` does).
  mutating func diff(_ old: Any, _ new: Any, at place: Place, expand: Bool, depth: Int = 0) -> Bool {
    if StateDiff.isEqual(old, new) == true {
      return false
    }
    let start = lines.count
    guard diffUnequal(old, new, at: place, expand: expand, depth: depth) else {
      lines.removeSubrange(start...)
      return false
    }
    return true
  }

  private mutating func diffUnequal(_ old: Any, _ new: Any, at place: Place, expand: Bool, depth: Int) -> Bool {
    guard depth < Self.maxDepth, !(old is String || old is Character) else {
      return replace(old, new, at: place, expand: expand)
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    if oldMirror.displayStyle == .optional || newMirror.displayStyle == .optional {
      guard oldMirror.displayStyle == newMirror.displayStyle,
        let oldWrapped = oldMirror.children.first?.value, let newWrapped = newMirror.children.first?.value
      else {
        return replace(old, new, at: place, expand: expand)
      }
      return diff(oldWrapped, newWrapped, at: place, expand: expand, depth: depth)
    }
    guard type(of: old) == type(of: new), oldMirror.displayStyle == newMirror.displayStyle else {
      return replace(old, new, at: place, expand: expand)
    }
    // The same object on both sides: whatever it holds now, it held before too, so nothing shows (and a
    // graph of objects with cycles is never walked).
    if oldMirror.displayStyle == .class, (old as AnyObject) === (new as AnyObject) {
      return false
    }
    if !expand, let shown = replaceIfShort(old, new, at: place) {
      return shown
    }
    switch oldMirror.displayStyle {
    case .struct, .class, .tuple:
      guard oldMirror.children.count == newMirror.children.count else {
        return replace(old, new, at: place, expand: expand)
      }
      let pairs = zip(oldMirror.children, newMirror.children).map { pair in
        (label: ValueDump.label(of: pair.0), old: pair.0.value, new: pair.1.value)
      }
      let open = oldMirror.displayStyle == .tuple ? "(" : "\(type(of: old))("
      return group(open: open, close: ")", pairs, at: place, depth: depth)
    case .enum:
      guard let oldPayload = oldMirror.children.first, let newPayload = newMirror.children.first,
        oldPayload.label == newPayload.label
      else {
        return replace(old, new, at: place, expand: expand)
      }
      let open = ".\(oldPayload.label ?? "case")("
      let oldFields = Mirror(reflecting: oldPayload.value)
      let newFields = Mirror(reflecting: newPayload.value)
      if oldFields.displayStyle == .tuple, newFields.displayStyle == .tuple,
        oldFields.children.count == newFields.children.count
      {
        let pairs = zip(oldFields.children, newFields.children).map { pair in
          (label: ValueDump.label(of: pair.0), old: pair.0.value, new: pair.1.value)
        }
        return group(open: open, close: ")", pairs, at: place, depth: depth)
      }
      return group(open: open, close: ")", [(nil, oldPayload.value, newPayload.value)], at: place, depth: depth)
    case .collection:
      return collection(old, new, oldMirror, newMirror, at: place, depth: depth)
    case .set:
      return set(old, new, at: place, expand: expand)
    case .dictionary:
      return dictionary(old, new, at: place, expand: expand, depth: depth)
    default:
      return replace(old, new, at: place, expand: expand)
    }
  }

  /// Both values on one line each, when both are shown whole and fit, as ``ValueDump`` would put them; true
  /// when they differ, false when they print the same, nil when either is too long for one line.
  private mutating func replaceIfShort(_ old: Any, _ new: Any, at place: Place) -> Bool? {
    let oldNode = ValueDump.node(old, maxElements: maxElements)
    let newNode = ValueDump.node(new, maxElements: maxElements)
    guard !ValueDump.isShortened(oldNode), !ValueDump.isShortened(newNode) else { return nil }
    let oldText = ValueDump.inline(oldNode)
    let newText = ValueDump.inline(newNode)
    let width = place.prefix.count
    guard width + oldText.count <= ValueDump.maxInlineWidth, width + newText.count <= ValueDump.maxInlineWidth
    else { return nil }
    guard oldText != newText else { return false }
    lines.append(.removed(place.prefix + oldText + (place.oldIsLast ? "" : ",")))
    lines.append(.added(place.prefix + newText + (place.newIsLast ? "" : ",")))
    return true
  }

  /// `old` in full as removed lines and `new` as added ones; false when they print the same.
  private mutating func replace(_ old: Any, _ new: Any, at place: Place, expand: Bool) -> Bool {
    let oldLines = render(old, label: place.label, indent: place.indent, isLast: place.oldIsLast, expand: expand)
    let newLines = render(new, label: place.label, indent: place.indent, isLast: place.newIsLast, expand: expand)
    guard oldLines != newLines else { return false }
    lines += oldLines.map(LineDiff.Line.removed) + newLines.map(LineDiff.Line.added)
    return true
  }

  private func render(_ value: Any, label: String?, indent: String, isLast: Bool, expand: Bool = false) -> [String] {
    ValueDump.render(
      ValueDump.node(value, maxElements: maxElements), label: label, indent: indent, isLast: isLast, expand: expand
    )
  }

  /// The opening line, the children that differ (runs of equal ones as one `…`), and the closing line.
  private mutating func group(
    open: String, close: String, _ pairs: [(label: String?, old: Any, new: Any)], at place: Place, depth: Int
  ) -> Bool {
    lines.append(.same(place.prefix + open))
    var changed = false
    var eliding = false
    for (index, pair) in pairs.enumerated() {
      let isLast = index == pairs.count - 1
      let child = Place(label: pair.label, indent: place.childIndent, oldIsLast: isLast, newIsLast: isLast)
      if diff(pair.old, pair.new, at: child, expand: false, depth: depth + 1) {
        changed = true
        eliding = false
      } else if !eliding {
        lines.append(.same(place.childIndent + "…"))
        eliding = true
      }
    }
    appendClose(close, at: place)
    return changed
  }

  private mutating func appendClose(_ close: String, at place: Place) {
    if place.oldIsLast == place.newIsLast {
      lines.append(.same(place.indent + close + (place.newIsLast ? "" : ",")))
    } else {
      lines.append(.removed(place.indent + close + (place.oldIsLast ? "" : ",")))
      lines.append(.added(place.indent + close + (place.newIsLast ? "" : ",")))
    }
  }

  /// An array by its common prefix and suffix (`…` each) and what lies between: elements changed in place
  /// diffed one by one, otherwise the old ones removed and the new ones added, at most `maxElements` each.
  private mutating func collection(
    _ old: Any, _ new: Any, _ oldMirror: Mirror, _ newMirror: Mirror, at place: Place, depth: Int
  ) -> Bool {
    let oldCount = oldMirror.children.count
    let newCount = newMirror.children.count
    let typed = old as? any ElementwiseComparable
    let (prefix, suffix) =
      typed?.commonAffixes(with: new) ?? commonAffixes(oldMirror, newMirror, depth: depth)
    let oldMiddle = oldCount - prefix - suffix
    let newMiddle = newCount - prefix - suffix
    // Elements of a typed array are taken by index; a mirror's walks the ones before.
    func middle(_ value: Any, _ mirror: Mirror, count: Int) -> [Any] {
      let shown = Swift.min(count, maxElements)
      if let array = value as? any ElementwiseComparable {
        return array.elements(from: prefix, count: shown)
      }
      return mirror.children.dropFirst(prefix).prefix(shown).map(\.value)
    }
    let oldElements = middle(old, oldMirror, count: oldMiddle)
    let newElements = middle(new, newMirror, count: newMiddle)
    let indent = place.childIndent

    lines.append(.same(place.prefix + "["))
    if prefix > 0 {
      lines.append(.same(indent + "…"))
    }
    if oldMiddle == newMiddle {
      for (offset, pair) in zip(oldElements, newElements).enumerated() {
        let position = prefix + offset
        let element = Place(
          label: nil, indent: indent, oldIsLast: position == oldCount - 1, newIsLast: position == newCount - 1
        )
        if !diff(pair.0, pair.1, at: element, expand: false, depth: depth + 1) {
          lines.append(.same(indent + "…"))
        }
      }
      if oldMiddle > maxElements {
        lines.append(.same(indent + "… \(oldMiddle - maxElements) more changed"))
      }
    } else {
      for (offset, element) in oldElements.enumerated() {
        let isLast = prefix + offset == oldCount - 1
        lines += render(element, label: nil, indent: indent, isLast: isLast).map(LineDiff.Line.removed)
      }
      if oldMiddle > maxElements {
        lines.append(.removed(indent + "… \(oldMiddle - maxElements) more"))
      }
      for (offset, element) in newElements.enumerated() {
        let isLast = prefix + offset == newCount - 1
        lines += render(element, label: nil, indent: indent, isLast: isLast).map(LineDiff.Line.added)
      }
      if newMiddle > maxElements {
        lines.append(.added(indent + "… \(newMiddle - maxElements) more"))
      }
    }
    if suffix > 0 {
      lines.append(.same(indent + "…"))
    }
    appendClose("]", at: place)
    return true
  }

  /// The common prefix and suffix of two collections whose elements are not all `Equatable`: an element is
  /// the same when no difference shows.
  private func commonAffixes(_ oldMirror: Mirror, _ newMirror: Mirror, depth: Int) -> (prefix: Int, suffix: Int) {
    let old = oldMirror.children.map(\.value)
    let new = newMirror.children.map(\.value)
    func same(_ lhs: Any, _ rhs: Any) -> Bool {
      var probe = Differ(maxElements: maxElements)
      let place = Place(label: nil, indent: "", oldIsLast: true, newIsLast: true)
      return !probe.diff(lhs, rhs, at: place, expand: false, depth: depth + 1)
    }
    let shorter = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < shorter, same(old[prefix], new[prefix]) {
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix, same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) {
      suffix += 1
    }
    return (prefix, suffix)
  }

  /// A set by what was removed and what was added, each sorted as ``ValueDump`` sorts; any other set whole.
  private mutating func set(_ old: Any, _ new: Any, at place: Place, expand: Bool) -> Bool {
    guard let changes = (old as? any SetComparable)?.changes(to: new) else {
      return replace(old, new, at: place, expand: expand)
    }
    let indent = place.childIndent
    lines.append(.same(place.prefix + "Set(["))
    if changes.kept > 0 {
      lines.append(.same(indent + "…"))
    }
    appendElements(changes.removed, as: LineDiff.Line.removed, indent: indent)
    appendElements(changes.added, as: LineDiff.Line.added, indent: indent)
    appendClose("])", at: place)
    return true
  }

  /// At most `maxElements` of `elements`, sorted by their text, each followed by a comma.
  private mutating func appendElements(_ elements: [Any], as kind: (String) -> LineDiff.Line, indent: String) {
    let texts = elements.prefix(maxElements).map { render($0, label: nil, indent: indent, isLast: false) }
    for text in texts.sorted(by: { $0.joined() < $1.joined() }) {
      lines += text.map(kind)
    }
    if elements.count > maxElements {
      lines.append(kind(indent + "… \(elements.count - maxElements) more"))
    }
  }

  /// A dictionary by the entries whose values changed, those removed and those added, each sorted by key;
  /// one whose values are not `Equatable` whole.
  private mutating func dictionary(_ old: Any, _ new: Any, at place: Place, expand: Bool, depth: Int) -> Bool {
    guard let changes = (old as? any KeyedComparable)?.changes(to: new) else {
      return replace(old, new, at: place, expand: expand)
    }
    let indent = place.childIndent
    let maxElements = maxElements
    let key = { (key: Any) in ValueDump.inline(key, maxElements: maxElements) }
    lines.append(.same(place.prefix + "["))
    if changes.kept > 0 {
      lines.append(.same(indent + "…"))
    }
    let changed = changes.changed.map { (key: key($0.key), old: $0.old, new: $0.new) }.sorted { $0.key < $1.key }
    for entry in changed.prefix(maxElements) {
      let child = Place(label: entry.key, indent: indent, oldIsLast: false, newIsLast: false)
      _ = diff(entry.old, entry.new, at: child, expand: false, depth: depth + 1)
    }
    if changed.count > maxElements {
      lines.append(.same(indent + "… \(changed.count - maxElements) more changed"))
    }
    for (entries, kind) in [(changes.removed, LineDiff.Line.removed), (changes.added, LineDiff.Line.added)] {
      let sorted = entries.map { (key: key($0.key), value: $0.value) }.sorted { $0.key < $1.key }
      for entry in sorted.prefix(maxElements) {
        lines += render(entry.value, label: entry.key, indent: indent, isLast: false).map(kind)
      }
      if sorted.count > maxElements {
        lines.append(kind(indent + "… \(sorted.count - maxElements) more"))
      }
    }
    appendClose("]", at: place)
    return true
  }
}
