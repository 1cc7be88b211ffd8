import ComposableArchitecture
import FavoritePrimes
import PrimeTimeApp

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `primetime replay FILE [--until N]`: replays a recording `--record` wrote through PrimeTime's reducer.
///
/// Every recorded action is reduced in order and the effects are dropped, so nothing is read or written but
/// the recording: no database, no history, no network. A faithful replay prints one line and exits 0; the
/// first state that differs prints the step, its action and a diff, and exits 1; `--until N` stops after
/// step N and prints the state. An unreadable recording is one line naming the line at fault, exit 1.
enum ReplayCommand {
  /// What to print on standard output and on standard error.
  struct Lines {
    var output: [String] = []
    var errors: [String] = []
  }

  /// Runs the command on `arguments` (those after `replay`); the lines to print and the exit status.
  static func run(_ arguments: [String]) -> (Lines, Int32) {
    var lines = Lines()
    var path: String?
    var until: Int?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--until" {
        guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= 0 else {
          lines.errors.append("'--until' needs a step number, e.g. '--until 12'")
          return (lines, 64)
        }
        until = value
      } else if path == nil, !argument.hasPrefix("-") || argument == "-" {
        path = argument
      } else {
        lines.errors.append("usage: primetime replay FILE [--until N]")
        return (lines, 64)
      }
    }
    guard let path else {
      lines.errors.append("usage: primetime replay FILE [--until N]")
      return (lines, 64)
    }
    let recording: Recording<AppState, AppAction>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      lines.errors.append("\(path): \(error)")
      return (lines, 1)
    }
    // The reducers read the favourites' client and call the nth-prime client to build effects that are then
    // dropped: in-memory and never-answering ones, so that nothing outside the process is touched.
    let report = withDependencies {
      $0.favoritePrimesClient = .inMemory()
      $0.activityClient = .inMemory()
    } operation: {
      replay(
        recording,
        reducer: primeTimeReducer,
        environment: AppEnvironment(activity: .inMemory(), nthPrime: .answering(nil)),
        through: until
      )
    }
    lines.output += report.summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if until != nil, report.isFaithful {
      lines.output += Trace.describe(report.state)
    }
    return (lines, report.isFaithful ? 0 : 1)
  }
}
