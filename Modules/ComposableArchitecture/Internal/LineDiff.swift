/// A line diff of an expected and an actual rendering: `−` marks lines only expected, `+` lines only actual.
///
/// Unchanged lines far from any change collapse into `…`, so a one-field difference in a large state stays a
/// few lines long. The test support diffs two ``ValueDump`` renderings this way; ``StateDiff`` builds its
/// lines from the values' structure instead, and both are written out by ``text(_:)``.
package enum LineDiff {
  /// One line of a diff: in both renderings, only in the first (old, expected), or only in the second.
  package enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The lines as a diff reads: two spaces before a line in both, `− ` before a removed one, `+ ` before an
  /// added one.
  package static func text(_ lines: [Line]) -> [String] {
    lines.map { line in
      switch line {
      case let .same(text): "  \(text)"
      case let .removed(text): "− \(text)"
      case let .added(text): "+ \(text)"
      }
    }
  }

  /// The lines whose product of counts is above this are not aligned; both sides are shown in full instead.
  private static let maxCells = 4_000_000

  /// The diff of `expected` and `actual`, changes shown with `context` unchanged lines around them.
  package static func render(expected: [String], actual: [String], context: Int = 2) -> String {
    let lines = align(expected, actual)
    var shown = [Bool](repeating: false, count: lines.count)
    for (index, line) in lines.enumerated() {
      if case .same = line { continue }
      for neighbour in max(0, index - context)...min(lines.count - 1, index + context) {
        shown[neighbour] = true
      }
    }
    // A single hidden line takes as much room as the `…` that would replace it.
    for index in shown.indices where !shown[index] {
      let isolated = (index == 0 || shown[index - 1]) && (index == shown.count - 1 || shown[index + 1])
      if isolated {
        shown[index] = true
      }
    }
    var output: [Line] = []
    var skipping = false
    for (index, line) in lines.enumerated() {
      guard shown[index] else {
        if !skipping {
          output.append(.same("…"))
          skipping = true
        }
        continue
      }
      skipping = false
      output.append(line)
    }
    return text(output).joined(separator: "\n")
  }

  /// A longest-common-subsequence alignment, removals listed before additions at each change.
  private static func align(_ old: [String], _ new: [String]) -> [Line] {
    guard old.count.multipliedReportingOverflow(by: new.count).partialValue <= maxCells,
      old.count < maxCells, new.count < maxCells
    else {
      return old.map(Line.removed) + new.map(Line.added)
    }
    let columns = new.count + 1
    var common = [Int](repeating: 0, count: (old.count + 1) * columns)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i * columns + j] =
          old[i] == new[j]
          ? common[(i + 1) * columns + j + 1] + 1
          : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
      }
    }
    var lines: [Line] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append(.same(old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || common[(i + 1) * columns + j] >= common[i * columns + j + 1] {
        lines.append(.removed(old[i]))
        i += 1
      } else {
        lines.append(.added(new[j]))
        j += 1
      }
    }
    return lines
  }
}
