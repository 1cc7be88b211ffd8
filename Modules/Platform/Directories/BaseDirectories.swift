import Glibc

/// The XDG Base Directory specification's user directories: where a program keeps its data and its state.
///
/// Each is the absolute path in its variable (`XDG_DATA_HOME`, `XDG_STATE_HOME`) or else its default below
/// `HOME` (`~/.local/share`, `~/.local/state`). As the specification says, a variable that is empty or holds
/// a relative path is ignored; a `HOME` that is not absolute is not used either, so the result is nil when
/// neither gives an absolute path. The environment is a parameter, so tests need not change the process's.
///
/// ```swift
/// BaseDirectories.dataHome(environment: ["HOME": "/home/ada"])                        // "/home/ada/.local/share"
/// BaseDirectories.stateHome(environment: ["XDG_STATE_HOME": "/state", "HOME": "/h"]) // "/state"
/// BaseDirectories.stateHome(environment: ["XDG_STATE_HOME": "state"])                // nil
/// ```
public enum BaseDirectories {
  /// `XDG_DATA_HOME`, or `HOME/.local/share`: user data that must survive (PrimeTime's database).
  public static func dataHome(environment: [String: String]) -> String? {
    directory(environment, variable: "XDG_DATA_HOME", default: ".local/share")
  }

  /// `XDG_STATE_HOME`, or `HOME/.local/state`: state worth keeping between runs but not data (a history).
  public static func stateHome(environment: [String: String]) -> String? {
    directory(environment, variable: "XDG_STATE_HOME", default: ".local/state")
  }

  /// `HOME`, when ``dataHome(environment:)`` is below it (`XDG_DATA_HOME` is not an absolute path) and it does
  /// not exist: a home is the system's to make, never a program's, so the data home's directories must not be
  /// made there. Nil when the data home is elsewhere, there is none, or the home exists.
  public static func missingHomeOfDataHome(environment: [String: String]) -> String? {
    missingHome(environment, variable: "XDG_DATA_HOME")
  }

  /// `HOME`, when ``stateHome(environment:)`` is below it (`XDG_STATE_HOME` is not an absolute path) and it
  /// does not exist; nil otherwise, as for ``missingHomeOfDataHome(environment:)``.
  public static func missingHomeOfStateHome(environment: [String: String]) -> String? {
    missingHome(environment, variable: "XDG_STATE_HOME")
  }

  /// `HOME` when `variable` leaves the directory to it and it names nothing (a missing component, or one that is
  /// a file).
  private static func missingHome(_ environment: [String: String], variable: String) -> String? {
    if let value = environment[variable], value.hasPrefix("/") {
      return nil
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    var status = stat()
    guard stat(home, &status) != 0, errno == ENOENT || errno == ENOTDIR else { return nil }
    return home
  }

  /// `variable`'s value when it is absolute, else `HOME` (when absolute) joined with `relativeDefault`.
  private static func directory(
    _ environment: [String: String], variable: String, default relativeDefault: String
  ) -> String? {
    if let value = environment[variable], value.hasPrefix("/") {
      return value
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home.hasSuffix("/") ? home + relativeDefault : home + "/" + relativeDefault
  }
}
