import Primes

/// The plain text format of an exported list of favourite primes, which `import` reads back.
///
/// An export is a header line, ``header``, then one prime per line in decimal, in list order, each line ending
/// in a newline (the last one too). Reading is lenient where a person editing the file might be: surrounding
/// spaces and tabs, `\r\n` line ends, a byte order mark at the very start (some editors write one), blank
/// lines and lines starting with `#` (the header, comments) are ignored. Every other line must be a prime; one that is not is skipped and reported, as written.
public enum FavoritePrimesFile {
  /// The first line of every export; ``read(_:)`` skips it like any line starting with `#`.
  public static let header = "# PrimeTime favorite primes"

  /// The largest file `import` reads, in bytes (16 MiB: over a million favourites); a larger one is refused.
  public static let maximumSize = 16 << 20

  /// The lines of the export of `primes`, the header first, without their newlines.
  public static func lines(of primes: [Int]) -> [String] {
    [header] + primes.map { "\($0)" }
  }

  /// The export of `primes`: ``lines(of:)``, each ending in a newline.
  public static func text(of primes: [Int]) -> String {
    lines(of: primes).map { $0 + "\n" }.joined()
  }

  /// Whether `text` starts with ``header`` on a line of its own: a file an export may replace.
  public static func isExport(_ text: Substring) -> Bool {
    let text = withoutByteOrderMark(text)
    return text == header || text.hasPrefix(header + "\n") || text.hasPrefix(header + "\r\n")
  }

  /// The primes in `text`, in file order and with any repeats, and the lines that are not primes, trimmed.
  public static func read(_ text: String) -> (primes: [Int], skipped: [String]) {
    read(text, stoppingWhen: { false }) ?? ([], [])
  }

  /// ``read(_:)``, asking `shouldStop` every thousand lines: nil once it says to stop (a cancelled task's
  /// import: a million lines take a second or more to read).
  public static func read(
    _ text: String,
    stoppingWhen shouldStop: () -> Bool
  ) -> (primes: [Int], skipped: [String])? {
    var primes: [Int] = []
    var skipped: [String] = []
    var count = 0
    // "\r\n" is one Character in Swift, so both line ends are named.
    for line in withoutByteOrderMark(text[...]).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      count += 1
      if count % 1024 == 0, shouldStop() { return nil }
      let word = line.trimmingSpaces()
      if word.isEmpty || word.hasPrefix("#") { continue }
      let isDigits = word.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      if isDigits, let number = Int(word), isPrime(number) {
        primes.append(number)
      } else {
        skipped.append(String(word))
      }
    }
    return (primes, skipped)
  }

  /// `text` without the byte order mark (U+FEFF) it may start with.
  private static func withoutByteOrderMark(_ text: Substring) -> Substring {
    text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : text
  }
}

extension Substring {
  /// This line without the spaces, tabs and carriage return around it.
  fileprivate func trimmingSpaces() -> Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return self[first...last]
  }
}
