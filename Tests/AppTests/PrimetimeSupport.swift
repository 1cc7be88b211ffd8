import ExecutableTestSupport
import Foundation
import Testing

/// A home directory of a test's own, removed when the value is released: `primetime` keeps its database
/// under it by default, and never touches the real home.
final class TemporaryHome: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("primetime-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// A home with `hh.db` holding the favourite 7, which `primetime` made and closed cleanly.
  static func withDatabase(madeBy primetime: Executable) async throws -> TemporaryHome {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--db", "hh.db"], script: "set 7\nfav")
    #expect(run.status == 0)
    #expect(try home.contents() == ["hh.db"])
    return home
  }

  /// Where `primetime` keeps its database with this home and no XDG variables.
  var defaultDatabase: URL {
    url.appendingPathComponent(".local/share/primetime/primetime.sqlite3")
  }

  /// The environment that points `primetime` at this home (empty XDG variables are ignored, as the spec says)
  /// and keeps it offline.
  var environment: [String: String] {
    ["HOME": url.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": "", "NO_COLOR": "", "TZ": "UTC", "WOLFRAM_ALPHA_APPID": ""]
  }

  /// Every path under the home, relative to it, sorted.
  func contents() throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: url.path)
    return (enumerator?.allObjects as? [String] ?? []).sorted()
  }
}

extension Executable {
  /// Runs with `home` as the home directory (plus `environment`), piping in `script` as lines.
  func run(
    _ arguments: [String] = [],
    in home: TemporaryHome,
    environment: [String: String] = [:],
    script: String
  ) async throws -> ExecutableRun {
    try await run(arguments, in: home, environment: environment, input: script + "\n")
  }

  /// Runs with `home` as the home directory and the working directory, so a relative path lands there and
  /// nowhere else, piping in `script` as lines.
  func run(inside home: TemporaryHome, _ arguments: [String], script: String) async throws -> ExecutableRun {
    try await run(
      arguments,
      input: script + "\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \"$@\""],
      timeout: .seconds(60)
    )
  }

  /// Runs with `home` as the home directory (plus `environment`), with `input` as standard input.
  func run(
    _ arguments: [String] = [],
    in home: TemporaryHome,
    environment: [String: String] = [:],
    input: String?
  ) async throws -> ExecutableRun {
    try await run(
      arguments,
      input: input,
      environment: home.environment.merging(environment) { _, given in given },
      timeout: .seconds(60)
    )
  }
}

/// A line of the activity feed as `primetime` prints it: `2026-11-21 12:00:00  added 7`.
enum ActivityLine {
  /// The line without its time: `added 7`.
  static func shape(_ line: String) -> String {
    String(line.dropFirst("2026-11-21 12:00:00  ".count))
  }

  /// The time at the start of the line, read in UTC.
  static func time(of line: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.date(from: String(line.prefix("2026-11-21 12:00:00".count)))
  }
}

/// The bytes and the mode of the file at `path`: what a refusal must leave as it was.
func bytesAndMode(of path: URL) throws -> (Data, Int?) {
  let attributes = try FileManager.default.attributesOfItem(atPath: path.path)
  return (try Data(contentsOf: path), attributes[.posixPermissions] as? Int)
}
