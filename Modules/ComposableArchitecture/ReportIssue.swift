/// Reports a programming error the program survives: a failure of the running test under `swift test`, a
/// runtime warning on standard error otherwise.
///
/// Meant for test doubles, such as a client's `failing` value whose endpoints a test did not stub:
/// `load: { reportIssue("FavoritePrimesClient.load is not stubbed"); throw ... }`.
public func reportIssue(_ message: String, fileID: StaticString = #fileID, line: UInt = #line) {
  RuntimeWarning.report(message, at: SourceLocation(fileID: fileID, line: line))
}
