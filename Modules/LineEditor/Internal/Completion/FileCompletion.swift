import Platform

/// What Tab completes after the commands that take a file (`import`, `export`, `backup`): the names in the
/// directory the word being typed names so far, read through `list` (the file system; a table in tests).
struct FileCompletion: Sendable {
  /// One name in a directory.
  struct Entry: Equatable, Sendable {
    var name: String
    var isDirectory: Bool
  }

  /// The command words, lowercased, whose argument is a file.
  var commands: Set<String> = []
  /// What a leading `~` or `~/` stands for, as the REPL reads it.
  var home: String?
  /// The names in a directory (given as typed, `.` for the current one); empty when it can't be read.
  var list: @Sendable (String) -> [Entry] = { _ in [] }

  /// No file completion at all.
  static let none = FileCompletion()

  /// Completion of the files of the file system after `commands`, with `~` as the process's `HOME`.
  static func fileSystem(after commands: [String]) -> FileCompletion {
    FileCompletion(
      commands: Set(commands.map { $0.lowercased() }),
      home: getenv("HOME").map { String(cString: $0) },
      list: DirectoryListing.entries(in:)
    )
  }
}

/// The names in a directory, for Tab: read with `opendir`, at most ``limit`` of them.
enum DirectoryListing {
  /// The most names one Tab reads: a huge directory costs a bounded wait.
  static let limit = 10_000

  /// The names in `directory` but `.` and `..`, each with whether it is a directory (a link to one
  /// counts); empty when it can't be read.
  @Sendable static func entries(in directory: String) -> [FileCompletion.Entry] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var entries: [FileCompletion.Entry] = []
    while entries.count < limit, let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var isDirectory = Int32(entry.pointee.d_type) == DT_DIR
      if Int32(entry.pointee.d_type) == DT_LNK || Int32(entry.pointee.d_type) == DT_UNKNOWN {
        var status = stat()
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        isDirectory = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      }
      entries.append(FileCompletion.Entry(name: name, isDirectory: isDirectory))
    }
    return entries
  }
}
