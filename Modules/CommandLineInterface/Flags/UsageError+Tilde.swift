import Platform

extension UsageError {
  /// The error for a path given to `flag` that starts with `~`, which the shell left as it is (it does after `=`,
  /// or quoted); nil for any other path. Taken as it is, the path would name a file or directory called `~`.
  public static func unexpandedTilde(_ flag: String, _ value: String) -> UsageError? {
    guard value.hasPrefix("~") else { return nil }
    let instead =
      value == "~" || value.hasPrefix("~/")
      ? "write \"$HOME\(value.dropFirst())\" instead" : "write the full path instead"
    return UsageError("'\(flag)' got \(Echo.quote(value)), whose '~' the shell did not expand; \(instead)")
  }
}
