/// One keystroke a line editor understands, decoded from the bytes a terminal sends in raw mode.
enum Key: Equatable, Sendable {
  /// Printable text: one Unicode scalar (a multi-byte UTF-8 character arrives whole).
  case text(Unicode.Scalar)
  /// Return or Enter (`\r` or `\n`).
  case enter
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// The Delete key (`ESC [ 3 ~`).
  case delete
  case left
  case right
  case up
  case down
  /// Home or Ctrl-A.
  case home
  /// End or Ctrl-E.
  case end
  /// Ctrl-Right or Alt-F.
  case wordRight
  /// Ctrl-Left or Alt-B.
  case wordLeft
  case tab
  /// Ctrl-C.
  case interrupt
  /// Ctrl-D.
  case endOfInput
  /// Ctrl-K: delete from the cursor to the end.
  case killToEnd
  /// Ctrl-U: delete from the start to the cursor.
  case killToStart
  /// Ctrl-W: delete the word before the cursor.
  case deleteWord
  /// Ctrl-L.
  case clearScreen
  /// Ctrl-R.
  case reverseSearch
  /// Ctrl-Z.
  case suspend
  /// Ctrl-G: leave a search or completion listing.
  case cancel
  /// Anything else: a control character or escape sequence with no meaning here; never inserted.
  case ignored
}
