import ExecutableTestSupport
import FavoritePrimesLive
import Foundation
import Testing

import Platform

/// Several PrimeTime processes on one file, and processes killed mid-save, using `favorite-primes-torture`.
///
/// The tests never block a thread while a child runs: they await its exit and sleep with `Task.sleep`. A
/// blocked thread is one of the few (two on a two-core machine) that run every other test's effects.
@Suite(.timeLimit(.minutes(5))) struct ProcessTests {
  /// A started child, with a way to await its exit.
  private struct Child {
    let process: ChildProcess

    /// Waits for the child to exit, at most `timeout`: past that (an issue names the child) or when the test
    /// is cancelled, kills it, and waits for that, so its status can always be read afterwards.
    func waitForExit(timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation) async {
      let exitSeen = Task { [process] in
        _ = await process.waitForExit()
      }
      let command = (["favorite-primes-torture"] + process.arguments).joined(separator: " ")
      let ended = await awaiting("\(command) to exit", within: timeout, sourceLocation: sourceLocation) {
        await exitSeen.value
        return true
      }
      if ended != true {
        process.send(signal: SIGKILL)
        await exitSeen.value
      }
    }
  }

  /// Starts `favorite-primes-torture` with `arguments`, its standard output and error going to `output`.
  private func startTorture(_ arguments: [String], output: URL) throws -> Child {
    #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }  // the child has its own copy
    let process = try ChildProcess(
      path: try Executable("favorite-primes-torture").url().path, arguments: arguments,
      standardOutput: handle.fileDescriptor, standardError: handle.fileDescriptor
    )
    return Child(process: process)
  }

  @Test func twoProcessesSavingAtOnceBothSucceed() async throws {
    try await withTemporaryDirectory { directory in
      // No file yet: both processes also race to create and migrate it. Both are started before either is
      // waited for, so they overlap whatever the test runner is doing.
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      try await saveFromTwoProcessesAtOnce(into: path, saves: 200, in: directory)
    }
  }

  /// Two processes making one new file at once both succeed, round after round: SQLite answered BUSY at once
  /// to the one whose switch to WAL would deadlock with the other's, and that one, failing, removed the file it
  /// took for its own, under the other (which then failed with an I/O error). About one round in six did.
  @Test func twoProcessesMakingOneNewFileAtOnceBothSucceedEveryRound() async throws {
    try await withTemporaryDirectory { directory in
      for round in 1...20 {
        let path = directory.appendingPathComponent("round\(round).sqlite3").path
        try await saveFromTwoProcessesAtOnce(into: path, saves: 5, in: directory)
      }
    }
  }

  /// Starts two torture processes that each save `saves` times into `path`, then checks that both succeeded and
  /// that the file is sound and its activity agrees with its favourites.
  private func saveFromTwoProcessesAtOnce(
    into path: String, saves: Int, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let outputs = [directory.appendingPathComponent("first.out"), directory.appendingPathComponent("second.out")]
    let children = try outputs.map { try startTorture(["save", path, "\(saves)"], output: $0) }
    for (child, output) in zip(children, outputs) {
      await child.waitForExit()
      let process = child.process
      let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      #expect(
        process.termination == ChildProcess.Termination(exited: true, status: 0), "\(text)",
        sourceLocation: sourceLocation)
      #expect(text == "saved \(saves)\n", sourceLocation: sourceLocation)
    }
    #expect(try integrityCheck(path) == ["ok"], sourceLocation: sourceLocation)
    let database = try FavoritePrimesDatabase(path: path)
    #expect(replay(try await database.activity()) == Set(try await database.stored()), sourceLocation: sourceLocation)
    database.close()
  }

  // A busy machine may wake the test later than asked, so a child runs a little longer: the moments of the
  // kills stay random, which is what the test needs.
  @Test func aSaveLoopKilledAtRandomMomentsNeverLeavesAMix() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      var stored: [Int] = []
      var saves = 0
      for round in 0..<50 {
        let output = directory.appendingPathComponent("round-\(round).out")
        let child = try startTorture(["save-loop", path], output: output)
        let process = child.process

        // Odd rounds kill within 30 ms after the first announced save (mid-loop); even rounds within 150 ms
        // of the start (the child takes tens of milliseconds to start), so also while opening and migrating.
        if round.isMultiple(of: 2) {
          try await Task.sleep(for: .microseconds(Int.random(in: 0...150_000)))
        } else {
          let deadline = ContinuousClock.now + .seconds(10)
          while try Data(contentsOf: output).isEmpty, process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .microseconds(500))
          }
          try await Task.sleep(for: .microseconds(Int.random(in: 0...30_000)))
        }
        process.send(signal: SIGKILL)
        await child.waitForExit()
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(process.termination?.exited == false, "round \(round): the loop stopped by itself: \(text)")

        // Only whole lines were announced; a save starts after its line is written.
        let announced: [[Int]] = text.split(separator: "\n").compactMap { line in
          guard line.hasPrefix("save ") else { return nil }
          return line.dropFirst(5).split(separator: ",").compactMap { Int($0) }
        }
        saves += announced.count
        let candidates = [stored] + announced.suffix(2)
        let allowed = announced.count >= 2 ? Array(candidates.suffix(2)) : candidates

        // Checked before PrimeTime opens it again (a child killed before creating it left no file).
        if FileManager.default.fileExists(atPath: path) {
          #expect(try integrityCheck(path) == ["ok"], "round \(round)")
        }
        let database = try FavoritePrimesDatabase(path: path)
        let loaded = try await database.stored()
        #expect(allowed.contains(loaded), "round \(round): stored \(loaded) was never announced as a whole")
        #expect(replay(try await database.activity()) == Set(loaded), "round \(round): events do not match the list")
        stored = loaded
      }
      #expect(saves > 50, "the children hardly saved anything: \(saves) saves announced")
    }
  }
}
