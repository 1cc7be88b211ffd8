import ExecutableTestSupport
import Foundation
import Testing

import Platform

/// `primetime` reading a script from a pipe or a file: every command's output whole and in order, written in
/// few `write` calls (kept back while standard output is not a terminal), errors in order with the output
/// when both go to one file, huge inputs handled, and a signal still ending the run cleanly. Nothing here is
/// timed; the speed is `Benchmarks/compare-script.sh`'s.
@Suite("primetime reading a script", .timeLimit(.minutes(5)))
struct PrimetimeScriptTests {
  let primetime = Executable("primetime")

  /// What `+` prints when it makes the count `count` (1 to 3 here).
  static func counter(_ count: Int) -> String {
    let ordinals = [1: "1st", 2: "2nd", 3: "3rd"]
    return "- \(count) +\nIs this prime?\nWhat is the \(ordinals[count] ?? "\(count)th") prime?\n"
  }

  static let unknownFoo = "unknown command 'foo'; did you mean 'fav'? Type 'help' for the list."

  /// The first `strace` in `PATH`, or nil.
  static let strace: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/strace" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The `write` calls `primetime --sandbox` makes, as strace shows them (`write(1, "- 1 +\n…", 44) = 44`), for
  /// `input` on standard input (a file); nil, with the reason printed, where strace is missing or can't trace.
  private func writes(for input: String) async throws -> (run: ExecutableRun, writes: [String])? {
    guard let strace = Self.strace else {
      print("PrimetimeScriptTests: skipped counting writes: no strace in PATH")
      return nil
    }
    let home = try TemporaryHome()
    let trace = home.url.appendingPathComponent("trace.txt")
    let run = try await primetime.run(
      ["--sandbox"],
      input: input,
      environment: home.environment,
      launcher: [strace, "-f", "-qq", "-e", "trace=write", "-e", "signal=none", "-o", trace.path]
    )
    let calls = ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    let writes = calls.filter { $0.contains("write(1, ") || $0.contains("write(2, ") }
    guard !writes.isEmpty else {
      print("PrimetimeScriptTests: skipped counting writes: strace traced nothing here: \(run.stderrText)")
      return nil
    }
    return (run, writes)
  }

  @Test func aThousandCommandsFromAFileAreWrittenInOneWrite() async throws {
    guard let (run, writes) = try await writes(for: String(repeating: "+\n", count: 1000)) else { return }

    #expect(run.exited && run.status == 0, "stderr: \(run.stderrText)")
    #expect(run.stdoutText.hasPrefix(Self.counter(1) + Self.counter(2) + Self.counter(3)))
    #expect(run.stdoutText.hasSuffix("- 1000 +\nIs this prime?\nWhat is the 1000th prime?\n"))
    // About 40 KB of output, less than the 64 KiB kept back at most.
    #expect(writes.count == 1, "\(writes.joined(separator: "\n"))")
  }

  @Test func outputKeptBackIsWrittenBeforeEachErrorLine() async throws {
    let script = "+\n+\n\n# a comment\nset 7\nfoo\nhelp set\n-\n"
    guard let (run, writes) = try await writes(for: script) else { return }

    #expect(run.exited && run.status == 1, "stderr: \(run.stderrText)")
    #expect(run.stdoutText.hasPrefix(Self.counter(1) + Self.counter(2) + "- 7 +\n"))
    #expect(run.stderrText == "primetime: line 6: \(Self.unknownFoo)\n")
    // Lines 1 to 5 in one write, the error, then lines 7 and 8 in one write at the end of the input.
    #expect(writes.map { $0.contains("write(1, ") ? 1 : 2 } == [1, 2, 1], "\(writes.joined(separator: "\n"))")
  }

  @Test func errorsComeInOrderWithTheOutputWhenBothGoToOneFile() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--sandbox"],
      input: "+\nfoo\n+\nset x\n+\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1"]
    )

    #expect(run.exited && run.status == 1)
    #expect(run.stderrText == "")
    #expect(
      run.stdoutText
        == Self.counter(1) + "primetime: line 2: \(Self.unknownFoo)\n" + Self.counter(2)
        + "primetime: line 4: 'set' needs a number like 'set 42'; 'x' is not a number.\n" + Self.counter(3)
    )
  }

  /// `--log -` writes each action to standard error as it is taken: with the output in the same file, the
  /// output of the commands before it comes first, though standard output is kept back.
  @Test func aLogOnStandardErrorComesInOrderWithTheOutputInOneFile() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--sandbox", "--log", "-"],
      input: "+\n+\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1"]
    )

    #expect(run.exited && run.status == 0)
    let text = run.stdoutText
    let increments = text.ranges(of: "received action: AppAction.counterView(.counter(.incrTapped))")
    let outputs = [Self.counter(1), Self.counter(2)].compactMap { text.range(of: $0) }
    #expect(increments.count == 2 && outputs.count == 2, "\(text)")
    guard increments.count == 2, outputs.count == 2 else { return }
    #expect(increments[0].upperBound < outputs[0].lowerBound)
    #expect(outputs[0].upperBound <= increments[1].lowerBound)
    #expect(increments[1].upperBound < outputs[1].lowerBound)
    #expect(
      text.hasSuffix(
        "received action: AppAction.quitRequested\n  AppState(\n    …\n−   ending: nil\n+   ending: .lastSaveMade\n  )\n"
      )
    )
  }

  @Test func twoHundredThousandCommandsThroughAPipeArriveWholeAndInOrder() async throws {
    let home = try TemporaryHome()
    let count = 200_000
    var script = String(repeating: "+\n", count: count / 2) + "foo\n" + String(repeating: "+\n", count: count / 2)
    script += "quit\n"
    let run = try await primetime.run(
      ["--sandbox"],
      input: script,
      environment: home.environment,
      // primetime's status goes to standard error, after whatever it wrote there itself.
      launcher: ["/bin/sh", "-c", "{ \"$0\" \"$@\"; echo \"status $?\" >&2; } | cat"],
      timeout: .seconds(240)
    )

    #expect(run.stderrText == "primetime: line \(count / 2 + 1): \(Self.unknownFoo)\nstatus 1\n")
    let lines = run.stdoutLines
    #expect(lines.count == 3 * count)
    let counts = lines.filter { $0.hasPrefix("- ") }
    #expect(counts.count == count)
    // Line by line, never `#expect` on the two arrays: when they differ (a counter that does not count), Swift
    // Testing diffs its operands for the message, which for 200,000 lines takes hours that no time limit ends.
    let misplaced = zip(counts, 1...count).first { line, n in line != "- \(n) +" }
    #expect(misplaced.map { line, n in "'\(line)' where '- \(n) +' belongs" } == nil)
    #expect(lines.suffix(3) == ["- 200000 +", "Is this prime?", "What is the 200000th prime?"])
  }

  /// Lines over 1 MiB, even a comment or blanks, are refused one by one, each counted as one line, and the
  /// lines between them run.
  @Test func tenMegabyteLinesAreRefusedAndCountAsOneLineEach() async throws {
    let home = try TemporaryHome()
    let tenMegabytes = 10 * 1024 * 1024
    let script = "+\n#" + String(repeating: "x", count: tenMegabytes) + "\n+\n"
      + String(repeating: " ", count: tenMegabytes) + "\nfoo\nset " + String(repeating: "9", count: tenMegabytes)
    let run = try await primetime.run(
      ["--sandbox"], input: script, environment: home.environment, timeout: .seconds(240))

    #expect(run.exited && run.status == 1)
    #expect(run.stdoutText == Self.counter(1) + Self.counter(2))
    let errors = run.stderrLines
    let tooLong = "the line is longer than 1 MiB (1,048,576 bytes); nothing of it was run. Put one command on each line."
    #expect(
      errors == [
        "primetime: line 2: \(tooLong)", "primetime: line 4: \(tooLong)", "primetime: line 5: \(Self.unknownFoo)",
        "primetime: line 6: \(tooLong)",
      ]
    )
  }

  /// Standard output kept back and a reader that never reads (a full pipe) do not stop a signal from ending
  /// the run: the write that waits for the reader is abandoned with the rest of the bounded cleanup, and
  /// `exit` (SIGQUIT's end) does not wait for it either.
  @Test(arguments: [SIGTERM, SIGQUIT])
  func aSignalEndsARunWhoseOutputNobodyReads(signal: Int32) async throws {
    let home = try TemporaryHome()
    let files = try TemporaryHome()
    let input = files.url.appendingPathComponent("in.txt")
    try Data(("set 7\nfav\n" + String(repeating: "+\n", count: 20_000)).utf8).write(to: input)
    // The reader opens the FIFO and never reads: 20,000 counts (about 800 KB) fill it and block a write.
    let shell = """
      mkfifo "$FILES/out"
      sleep 60 <"$FILES/out" & reader=$!
      "$0" "$@" <"$IN" >"$FILES/out" 2>"$FILES/err" & pid=$!
      sleep 1
      kill -\(signal) $pid
      wait $pid
      status=$?
      kill $reader
      echo "status $status"
      """
    let run = try await primetime.run(
      ["--db", home.url.appendingPathComponent("p.sqlite3").path],
      environment: home.environment.merging(["IN": input.path, "FILES": files.url.path]) { $1 },
      launcher: ["/bin/sh", "-c", shell]
    )

    #expect(run.stdoutText == "status \(128 + signal)\n")
    #expect(try String(contentsOf: files.url.appendingPathComponent("err"), encoding: .utf8) == "")
    let database = home.url.appendingPathComponent("p.sqlite3").path
    let after = try await primetime.run(["--db", database], in: home, script: "favorites")
    #expect(after.stdoutText == "1. 7\n")
  }

  @Test func aSignalInTheMiddleOfALongScriptEndsTheRunCleanly() async throws {
    let home = try TemporaryHome()
    let files = try TemporaryHome()
    let database = home.url.appendingPathComponent("p.sqlite3")
    let input = files.url.appendingPathComponent("in.txt")
    let output = files.url.appendingPathComponent("out.txt")
    let errors = files.url.appendingPathComponent("err.txt")
    try Data(("set 7\nfav\n" + String(repeating: "+\n", count: 2_000_000)).utf8).write(to: input)
    // SIGTERM once the 1000th count is out, long before the script's end; waiting at most 20 s for it, by the
    // clock (a count of tries takes minutes on a loaded machine). Stopped itself, the shell takes primetime along.
    let shell = """
      "$0" "$@" <"$IN" >"$OUT" 2>"$ERR" & pid=$!
      trap 'kill -KILL $pid; exit 143' TERM
      deadline=$(($(date +%s) + 20))
      until grep -q '^- 1000 +$' "$OUT" || [ "$(date +%s)" -ge $deadline ]; do sleep 0.01; done
      kill -TERM $pid
      wait $pid
      echo "status $?"
      """
    let run = try await primetime.run(
      ["--db", database.path],
      environment: home.environment.merging(["IN": input.path, "OUT": output.path, "ERR": errors.path]) { $1 },
      launcher: ["/bin/sh", "-c", shell]
    )

    #expect(run.stdoutText == "status \(128 + SIGTERM)\n")
    #expect(try String(contentsOf: errors, encoding: .utf8) == "")
    let counts = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("- ") }
    #expect(counts.prefix(1000) == ArraySlice((7..<1007).map { "- \($0) +" }))
    #expect(try home.contents() == ["p.sqlite3"])
    let after = try await primetime.run(["--db", database.path], in: home, script: "favorites")
    #expect(after.stdoutText == "1. 7\n")
  }
}
