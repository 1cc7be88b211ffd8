import FoundationEssentials
import Platform

/// Where PrimeTime keeps what is not data: the interactive history.
enum StateDirectory {
  /// `${XDG_STATE_HOME:-~/.local/state}/primetime/history`, or nil when neither `XDG_STATE_HOME` nor `HOME`
  /// is an absolute path (an empty or relative `XDG_STATE_HOME` is ignored, as the XDG spec says).
  static func historyFile(environment: [String: String]) -> String? {
    guard let stateHome = BaseDirectories.stateHome(environment: environment) else { return nil }
    return URL(fileURLWithPath: stateHome, isDirectory: true).appendingPathComponent("primetime/history").path
  }
}
