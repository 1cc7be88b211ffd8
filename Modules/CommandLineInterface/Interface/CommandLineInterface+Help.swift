extension CommandLineInterface {
  /// The width `--help` wraps its text to.
  static var helpWidth: Int { 110 }

  /// The usage line's words after the name: `[--db PATH | --sandbox] [--log FILE]`, each flag once, flags
  /// that exclude each other in one bracket, then the arguments.
  public var synopsis: String {
    var words: [String] = []
    var shown: Set<String> = []
    for flag in flags where !shown.contains(flag.name) {
      if let exclusion = exclusions.first(where: { $0.names.contains(flag.name) }) {
        let members = flags.filter { exclusion.names.contains($0.name) }
        members.forEach { shown.insert($0.name) }
        words.append("[" + members.map(\.synopsis).joined(separator: " | ") + "]")
      } else {
        shown.insert(flag.name)
        words.append("[\(flag.synopsis)]")
      }
    }
    if let arguments {
      let many = arguments.maximumCount > 1 ? " ..." : ""
      let word = arguments.placeholder + many
      words.append(arguments.minimumCount > 0 ? word : "[\(word)]")
    }
    return words.joined(separator: " ")
  }

  /// The `--help` text: the usage line, the abstract and discussion, the options (the program's, then
  /// `--help`, `--version` and `--completions`), the arguments, then each section but those only the manual
  /// page has.
  public var help: String {
    var lines = ["USAGE: \(name) \(synopsis)".trimmingTrailingSpaces, ""]
    for paragraph in [abstract] + discussion {
      lines += Self.wrap(paragraph, width: Self.helpWidth)
      lines.append("")
    }
    let argumentRows: [(label: String, text: String)] = arguments.map { [($0.placeholder, $0.help)] } ?? []
    let optionRows: [(label: String, text: String)] =
      flags.map { flag in ((flag.shortName.map { "\($0), " } ?? "") + flag.synopsis, flag.help) }
      + builtInFlagHelp + [("--", "End of the options: every argument after it is not an option.")]
    let shownSections = sections.filter(\.isInHelp)
    let termRows: [(label: String, text: String)] =
      shownSections.flatMap { $0.entries.filter { !$0.term.isEmpty }.map { ($0.term, $0.text) } }
    // One column for every table, so the texts line up down the whole help.
    let column = Self.column(for: argumentRows + optionRows + termRows)
    if !argumentRows.isEmpty {
      lines.append("ARGUMENTS:")
      lines += Self.table(argumentRows, column: column)
      lines.append("")
    }
    lines.append("OPTIONS:")
    lines += Self.table(optionRows, column: column)
    for section in shownSections {
      lines.append("")
      lines.append("\(section.title):")
      let terms = section.entries.filter { !$0.term.isEmpty }
      if terms.isEmpty {
        for entry in section.entries {
          lines += Self.wrap(entry.text, width: Self.helpWidth - 2).map { "  " + $0 }
        }
      } else {
        lines += Self.table(section.entries.map { ($0.term, $0.text) }, column: column)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Where the texts of a table of `rows` start: two spaces past the longest label (indented by two), from 17
  /// to 28 characters in.
  static func column(for rows: [(label: String, text: String)]) -> Int {
    // A label too long for the widest column has its text on the next line, so it does not widen the column.
    let fitting = rows.map(\.label.count).filter { $0 + 4 <= 28 }
    return max(fitting.max() ?? 0, 13) + 4
  }

  /// Two columns: each label, then its text wrapped beside it from `column` on; labels too long for the
  /// column get their text on the next line.
  static func table(_ rows: [(label: String, text: String)], column: Int) -> [String] {
    var lines: [String] = []
    for (label, text) in rows {
      let wrapped = wrap(text, width: helpWidth - column)
      let indent = String(repeating: " ", count: column)
      if label.count + 4 > column {
        lines.append("  " + label)
        lines += wrapped.map { indent + $0 }
      } else {
        let padded = "  " + label + String(repeating: " ", count: column - 2 - label.count)
        lines += wrapped.enumerated().map { index, line in (index == 0 ? padded : indent) + line }
      }
    }
    return lines
  }

  /// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole); a newline
  /// in `text` starts a new line, and the spaces that begin a line indent every line it is wrapped into.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = String(paragraph.prefix { $0 == " " })
      lines += wrapLine(paragraph.dropFirst(indent.count), width: width - indent.count).map { indent + $0 }
    }
    return lines
  }

  /// One line of text broken at spaces into lines of at most `width` characters.
  private static func wrapLine(_ paragraph: Substring, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }
}

extension String {
  /// The text without the spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
