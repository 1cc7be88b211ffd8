import FavoritePrimesLive

extension [ProtectedFile] {
  /// A run's files besides the database, which `--log`, `--record`, `export` and `backup` refuse by
  /// ``ProtectedFile``'s one rule: the line editor's history at `history` (nil when there is none), and the log
  /// at `log` (nil without one; `-`, standard error, is no file).
  static func primeTime(history: String?, log: String?) -> [ProtectedFile] {
    let logFile = log.flatMap { $0 == LogFile.standardError ? nil : ProtectedFile.log($0) }
    return [history.map(ProtectedFile.history), logFile].compactMap { $0 }
  }
}

extension PrimeTime {
  /// The history's path: the one kept, or, in the sandbox, which keeps none, the one the next plain run keeps.
  var historyPath: String? {
    StateDirectory.historyFile(environment: environment)
  }

  /// The files the log must not be: the history (the log is the other of ``protectedFiles``).
  var protectedFromTheLog: [ProtectedFile] {
    .primeTime(history: historyPath, log: nil)
  }

  /// This run's files that no other path may name: the history and the log (`[ProtectedFile].primeTime`).
  var protectedFiles: [ProtectedFile] {
    .primeTime(history: historyPath, log: options.logPath)
  }
}
