/// Where in the source something was created, for messages that point a developer at it.
package struct SourceLocation: Sendable, CustomStringConvertible {
  package let fileID: StaticString
  package let line: UInt

  package init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  package var description: String { "\(fileID):\(line)" }
}
