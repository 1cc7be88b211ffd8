import Platform

/// What an option's value is, for the message when it is missing or looks like another option.
public enum OptionValueKind: Sendable {
  /// A file path: a value that looks like an option may be written `--flag=./VALUE`.
  case path
  /// A number: a negative number in the next argument is a value, not an option.
  case number
  /// A word that is neither, such as a shell's name: a next argument that starts with `-` is an option.
  case word
}

/// The value of an option that takes one (`--db PATH`, `--db=PATH`), taking the next argument from
/// `remaining` when none is attached.
///
/// An attached value is taken as written, so `--db=--x` names the file `--x`. A next argument that starts
/// with `-` (other than `-` alone, and, for `.number`, other than a number such as `-1`) is refused as
/// looking like an option, so `--db --sandbox` never names a file `--sandbox`; it is left in `remaining`.
/// Messages (no full stop, as ``UsageError`` wants): `'--db' needs a file path, like '--db x.sqlite3'` when
/// the value is missing or empty, and `'--db' needs a file path; '--sandbox' looks like an option: write
/// '--db=./--sandbox' if that is the file` (for numbers: `'--delay' needs a number of seconds; '--help'
/// looks like an option`).
///
/// - Parameters:
///   - flag: The option as written, without any `=VALUE`: `--db`.
///   - attached: The text after `=` in `--db=VALUE`, or nil when there was no `=`.
///   - needs: What the value is, after "needs": `a file path`.
///   - example: A sample value for the message: `~/primes.sqlite3`.
public func optionValue(
  _ flag: String,
  attached: String?,
  remaining: inout ArraySlice<String>,
  kind: OptionValueKind,
  needs: String,
  example: String
) -> Result<String, UsageError> {
  let missing = UsageError("'\(flag)' needs \(needs), like '\(flag) \(example)'")
  if let attached {
    return attached.isEmpty ? .failure(missing) : .success(attached)
  }
  guard let next = remaining.first, !next.isEmpty else {
    return .failure(missing)
  }
  let isNumber = kind == .number && DecimalNumber(next) != nil
  if next.hasPrefix("-"), next != "-", !isNumber {
    let hint = kind == .path ? ": write '\(flag)=./\(next)' if that is the file" : ""
    return .failure(UsageError("'\(flag)' needs \(needs); \(Echo.quote(next)) looks like an option\(hint)"))
  }
  remaining.removeFirst()
  return .success(next)
}
