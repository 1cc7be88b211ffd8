/// Where in the source something was created, for messages that point a developer at it.
@usableFromInline
package struct SourceLocation: Sendable, CustomStringConvertible {
  @usableFromInline package let fileID: StaticString
  @usableFromInline package let line: UInt

  @usableFromInline
  package init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  @usableFromInline
  package var description: String { "\(fileID):\(line)" }
}
