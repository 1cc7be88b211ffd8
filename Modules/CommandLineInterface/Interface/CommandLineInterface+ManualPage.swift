extension CommandLineInterface {
  /// The manual page, in the man(7) macros: NAME (the name and the ``shortDescription``, else the abstract's
  /// first sentence), SYNOPSIS (the program's usage, then each subcommand's), DESCRIPTION (the abstract and
  /// discussion), OPTIONS (the program's, then `--help`, `--version` and `--completions`), then each section,
  /// those `--help` leaves out included. `man -l` reads it; it is the same text `--help` prints, laid out.
  public var manualPage: String {
    var lines = [
      ".TH \(Self.roff(name.uppercased())) 1 \"\" \"\(Self.roff(version))\" \"User Commands\"",
      // No hyphenation and a ragged right edge: flags and paths are never broken or stretched.
      ".nh",
      ".ad l",
      ".SH NAME",
      "\(Self.roff(name)) \\- \(Self.roff(shortDescription ?? Self.firstSentence(abstract)))",
      ".SH SYNOPSIS",
      ".B \(Self.roff(name))",
      Self.roff(synopsis),
    ]
    for subcommand in subcommands {
      lines += [".br", ".B \(Self.roff("\(name) \(subcommand.name)"))", Self.roff(subcommand.synopsis)]
    }
    lines.append(".SH DESCRIPTION")
    for (index, paragraph) in ([abstract] + discussion).enumerated() {
      if index > 0 { lines.append(".PP") }
      // A line break in the text stays one: roff would fill the next line onto it.
      lines += paragraph.split(separator: "\n").map { Self.roff(String($0)) }.joined(separator: "\n.br\n")
        .split(separator: "\n").map(String.init)
    }
    if let arguments {
      lines += [".SH ARGUMENTS", ".TP", ".I \(Self.roff(arguments.placeholder))", Self.roff(arguments.help)]
    }
    lines.append(".SH OPTIONS")
    for flag in flags {
      let names = ([flag.shortName].compactMap { $0 } + [flag.name]).map { "\\fB\(Self.roff($0))\\fR" }
        .joined(separator: ", ")
      let value = flag.valueSpec.map { " \\fI\(Self.roff($0.placeholder))\\fR" } ?? ""
      lines += [".TP", names + value, Self.roff(flag.help)]
    }
    for (label, help) in builtInFlagHelp {
      lines += [".TP", "\\fB\(Self.roff(label))\\fR", Self.roff(help)]
    }
    for section in sections {
      lines.append(".SH \(Self.roff(section.title))")
      for entry in section.entries {
        if entry.term.isEmpty {
          lines += [".PP", Self.roff(entry.text)]
        } else {
          lines += [".TP", ".B \(Self.roff(entry.term))", Self.roff(entry.text)]
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` as roff text: backslashes and dashes escaped, and a line starting with `.` or `'` protected from
  /// being read as a request; each line of `text` stays a line.
  static func roff(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var escaped = ""
      for character in line {
        switch character {
        case "\\": escaped += "\\e"
        case "-": escaped += "\\-"
        default: escaped.append(character)
        }
      }
      return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }.joined(separator: "\n")
  }
}
