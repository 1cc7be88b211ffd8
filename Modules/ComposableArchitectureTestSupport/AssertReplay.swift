public import ComposableArchitecture
public import FoundationEssentials

/// Replays the recording in the file at `url` through an environment-style reducer, and fails the running
/// test at the first step whose state differs from the recorded one, with a field-by-field diff.
///
/// A recording a `Recorder` wrote (a person's run, a bug report) becomes a test: drop the file beside the
/// tests and name it here. The replay is `replay(_:reducer:environment:through:)`'s: every recorded action,
/// the user's and the effects', is reduced in the recorded order, the effects the reducer returns are
/// dropped unrun, and each state the recording holds is compared with the replayed one. So the environment's
/// clients are never called by an effect; pass any environment whose values the reducer itself reads.
///
/// The test fails, pointing at this call, when the file cannot be read or is not a whole recording of a
/// version this library reads (the message names the line at fault), or when the replay diverges: the
/// message names the step and its action, then the diff, `−` recorded and `+` replayed. Failures go to
/// Swift Testing when it runs the test, to XCTest otherwise.
public func assertReplay<State: Decodable & Equatable, Action: Decodable, Environment>(
  of url: URL,
  reducer: @escaping Reducer<State, Action, Environment>,
  environment: Environment,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let recording = readRecording(Recording<State, Action>.self, at: url, location: location) else { return }
  check(replay(recording, reducer: reducer, environment: environment), of: url, at: location)
}

/// Replays the recording in the file at `url` through a protocol-style reducer, with the dependencies' test
/// values changed by `prepareDependencies`, and fails the running test at the first divergence; see the
/// environment-style overload, which this does the same way.
public func assertReplay<R: ReducerProtocol>(
  of url: URL,
  reducer: R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
) where R.State: Decodable & Equatable, R.Action: Decodable {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let recording = readRecording(Recording<R.State, R.Action>.self, at: url, location: location) else {
    return
  }
  var dependencies = DependencyValues.current
  if !dependencies.isContextExplicit {
    dependencies.context = .test
  }
  dependencies.cacheDefaultValuesUnlessCached()
  dependencies.update(prepareDependencies)
  let report = withDependencies({ $0 = dependencies }) { replay(recording, reducer: reducer) }
  check(report, of: url, at: location)
}

/// The recording at `url`, or nil after failing the test with the reader's reason.
private func readRecording<State: Decodable, Action: Decodable>(
  _: Recording<State, Action>.Type, at url: URL, location: TestLocation
) -> Recording<State, Action>? {
  do {
    return try Recording<State, Action>(contentsOf: url)
  } catch {
    reportFailure("Cannot replay \(url.lastPathComponent): \(error)", kind: .replayFailed, at: location)
    return nil
  }
}

/// Fails the test with the divergence `report` found, if any.
private func check<State, Action>(_ report: ReplayReport<State, Action>, of url: URL, at location: TestLocation) {
  if let divergence = report.divergence {
    reportFailure("\(url.lastPathComponent): \(divergence)", kind: .replayFailed, at: location)
  }
}
