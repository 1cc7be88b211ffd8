import ComposableArchitecture
import Counter
import FavoritePrimes
import PrimeTimeApp
import Primes
import REPL

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
  /// What `primetime replay` was asked: the recording, and the step to stop after.
  struct Request: Equatable, Sendable {
    /// The recording's path.
    var path: String?
    /// Stop after this step and print the state; nil to replay it all.
    var until: Int?
  }

  /// What to print on standard output and on standard error.
  struct Lines {
    var output: [String] = []
    var errors: [String] = []
  }

  /// The subcommand's command line, declared as `primetime`'s is.
  static var interface: CommandLineInterface<Request> {
    CommandLineInterface(
      name: "primetime replay",
      version: Options.version,
      abstract: "Replays a recording made with 'primetime --record FILE': every recorded action, in order, through "
        + "PrimeTime's reducer, with the effects dropped, comparing each recorded state with the replayed one.",
      discussion: ["Nothing is read or written but FILE: no database, no history, no network."],
      flags: [
        .option(
          "--until", .init(placeholder: "N", kind: .number, needs: "a step number", example: "12"),
          help: "Stop after step N and print the state then."
        ) { options, text in
          guard case let .value(step) = WholeNumber(text), step >= 0 else {
            return UsageError("'--until' needs a step number from 0, like '--until 12'; got \(Echo.quote(text))")
          }
          options.until = step
          return nil
        }
      ],
      arguments: .init(placeholder: "FILE", help: "The recording to replay.", minimumCount: 1) { options, text in
        options.path = text
        return nil
      },
      sections: [
        .init(
          "EXIT STATUS",
          paragraph: "0 when every recorded state matched; 1 at the first step that differs (its action and a diff "
            + "are printed) or when FILE can't be read as a recording; 64 on a command-line error."
        )
      ]
    )
  }

  /// Replays the recording `options` name; the lines to print and the exit status.
  static func run(_ options: Request) -> (Lines, Int32) {
    var lines = Lines()
    guard let path = options.path else { return (lines, 64) }
    let until = options.until
    let recording: Recording<AppState, AppAction>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      // A file that can't be read is named by the error itself; a line at fault is named after the file.
      lines.errors.append(error.line == nil ? error.description : "\(path): \(error)")
      return (lines, 1)
    }
    // The reducers read the favourites' client and call the nth-prime client to build effects that are then
    // dropped: in-memory and empty ones, so that nothing outside the process is touched. The nth-prime client
    // has the live clients' limit (the offline engine's and Wolfram|Alpha's alike), which the counter's
    // reducer reads itself: an n beyond it is answered with a problem, in the state, and no effect.
    let nthPrime = NthPrimeClient(limit: nthPrimeLimit) { _ in .none }
    let report = withDependencies {
      $0.favoritePrimesClient = .inMemory()
      $0.activityClient = .inMemory()
    } operation: {
      replay(
        recording,
        reducer: primeTimeReducer,
        environment: AppEnvironment(activity: .inMemory(), nthPrime: nthPrime),
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
