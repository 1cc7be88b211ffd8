/// A path as a person reads it in one line of a terminal: the home directory written `~`, and, in too narrow a
/// line, the middle cut to `…`, keeping the first component and as many of the last as fit.
///
/// For what PrimeTime shows only (its banner): a path to use or to copy is always printed whole.
public enum ShownPath {
  /// `path` with `home` at its start written `~`: `/home/ada/p.db` is `~/p.db`. Unchanged when `home` is nil,
  /// empty or `/`, or `path` is not inside it (`/home/adam` is not inside `/home/ada`).
  public static func abbreviating(_ path: String, home: String?) -> String {
    guard var home, !home.isEmpty else { return path }
    while home.count > 1, home.hasSuffix("/") {
      home.removeLast()
    }
    guard home != "/", path.hasPrefix(home) else { return path }
    let rest = path.dropFirst(home.count)
    guard rest.isEmpty || rest.hasPrefix("/") else { return path }
    return "~" + rest
  }

  /// `path` in at most `width` characters: whole when it fits, else its first component, `…` and the most
  /// last components that fit (`~/…/primetime/primetime.sqlite3`); when even the last alone does not fit, that
  /// shortest form, and a path of one component whole.
  public static func fitting(_ path: String, width: Int) -> String {
    guard path.count > width else { return path }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    // The first component, with the root's empty one before it for an absolute path: "/a", "~", "a".
    let headCount = parts.first == "" ? 2 : 1
    guard parts.count > headCount + 1 else { return path }
    let head = parts[..<headCount].joined(separator: "/")
    let rest = parts[headCount...]
    var shortest = path
    for kept in stride(from: rest.count - 1, through: 1, by: -1) {
      let candidate = head + "/…/" + rest.suffix(kept).joined(separator: "/")
      shortest = candidate
      if candidate.count <= width {
        return candidate
      }
    }
    return shortest
  }
}
