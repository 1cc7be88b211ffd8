import Glibc

/// The system's words for the error number `code`, worded to stand mid-sentence at the end of a one-line
/// message: `no such file or directory` for `ENOENT`, as in `can't open x.log: no such file or directory`.
///
/// The one function every message about a failed call words its `errno` with. The C library's text
/// (`strerror`) starts with a capital; here its first word is in lower case, unless that word is an abbreviation
/// the system spells in capitals (`RPC struct is bad`). Never traps: when the C library has no text for `code`,
/// the result is `error` and the number (`error 4242`). Read `errno` right after the failing call and pass it
/// here; any call in between may change it.
public func describe(errno code: Int32) -> String {
  guard let text = strerror(code).map({ String(cString: $0) }) else { return "error \(code)" }
  let firstWord = text.prefix { $0 != " " }
  // "Input/output error" has one capital and is lowered; "RPC struct is bad" keeps its abbreviation.
  guard firstWord.filter(\.isUppercase).count == 1, let first = firstWord.first, first.isUppercase else {
    return text
  }
  return first.lowercased() + text.dropFirst()
}
