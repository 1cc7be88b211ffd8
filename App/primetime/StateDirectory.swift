#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where PrimeTime keeps what is not data: the interactive history.
enum StateDirectory {
  /// `${XDG_STATE_HOME:-~/.local/state}/primetime/history`, or nil when neither `XDG_STATE_HOME` nor `HOME`
  /// is an absolute path (an empty or relative `XDG_STATE_HOME` is ignored, as the XDG spec says).
  static func historyFile(environment: [String: String]) -> String? {
    let stateHome: URL
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      stateHome = URL(fileURLWithPath: xdg, isDirectory: true)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      stateHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state")
    } else {
      return nil
    }
    return stateHome.appendingPathComponent("primetime/history").path
  }
}
