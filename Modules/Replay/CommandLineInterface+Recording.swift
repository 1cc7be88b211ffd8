public import CommandLineInterface

extension CommandLineInterface.Section {
  /// The EXIT STATUS of a demo: 0 on success; 1 for a piped command that failed or a `--record` file that
  /// can't be made or written; 64 for a command-line error.
  public static var demoExitStatus: Self {
    .init(
      "EXIT STATUS",
      paragraph: "0 on success, 1 if a piped command failed or the --record file can't be made or written, 64 on a "
        + "command-line error."
    )
  }
}
