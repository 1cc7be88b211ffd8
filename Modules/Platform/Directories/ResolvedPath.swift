import Glibc

/// `path` as the file system will take it: absolute, the longest part that exists resolved by `realpath` (so
/// symbolic links, the file itself included, and `.`, `..` are gone), and the rest normalised lexically, so
/// `x/..` cancels when `x` does not exist yet (it is the directory the database's directory walk would make).
/// The path as given when not even `/` resolves.
public func resolvedPath(_ path: String) -> String {
  var absolute = path
  if !path.hasPrefix("/") {
    guard let directory = currentDirectory() else { return path }
    absolute = directory + "/" + path
  }
  let components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  for existing in stride(from: components.count, through: 0, by: -1) {
    let prefix = "/" + components[..<existing].joined(separator: "/")
    guard let resolved = realpath(prefix, nil) else { continue }
    var result = String(cString: resolved).split(separator: "/").map(String.init)
    free(resolved)
    for component in components[existing...] {
      switch component {
      case ".": break
      case "..": _ = result.popLast()
      default: result.append(component)
      }
    }
    return "/" + result.joined(separator: "/")
  }
  return path
}
