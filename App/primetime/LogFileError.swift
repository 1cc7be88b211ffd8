/// Why the log file can't be opened.
struct LogFileError: Error, CustomStringConvertible {
  let path: String
  let reason: String

  var description: String {
    "can't open the log file \(path): \(reason). Choose another path for '--log'."
  }
}
