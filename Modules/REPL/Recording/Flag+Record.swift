extension Flag {
  /// `--record FILE`: records the session to FILE for `PROGRAM replay FILE`, declared the same way in every
  /// program that records.
  ///
  /// `set` stores the path; a path starting with `~`, which the shell did not expand, is refused before it is
  /// called (``UsageError/unexpandedTilde(_:_:)``). `refusing` ends the help with what else the program
  /// refuses as FILE (an existing file is always refused: ``RecordingFile/refusal(at:)``).
  public static func record(
    program: String,
    refusing: String? = nil,
    set: @escaping @Sendable (inout Options, String) -> Void
  ) -> Self {
    .option(
      "--record",
      .init(placeholder: "FILE", kind: .path, needs: "a file path", example: "run.jsonl"),
      help: "Record every action of the session, and where it came from, to FILE (a new file, made with mode "
        + "0600) for '\(program) replay FILE'; see the README's Record and replay." + (refusing.map { " \($0)" } ?? "")
    ) { options, value in
      if let error = UsageError.unexpandedTilde("--record", value) { return error }
      set(&options, value)
      return nil
    }
  }
}
