/// A shell that ``CommandLineInterface/completionScript(for:)`` writes a completion script for.
public enum CompletionShell: String, CaseIterable, Sendable {
  /// GNU bash: the script defines a function and registers it with `complete -F`.
  case bash
  /// zsh: the script is a `#compdef` function using `_arguments`.
  case zsh
  /// fish: the script is a list of `complete -c` commands.
  case fish
}
