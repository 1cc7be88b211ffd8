extension CommandSpec {
  /// The same command, building `transform`'s result from what it parses: how a front end that composes
  /// others embeds their commands in its own command type.
  @inlinable
  public func map<NewCommand>(
    _ transform: @escaping @Sendable (Command) -> NewCommand
  ) -> CommandSpec<NewCommand> {
    let parse = parse
    return CommandSpec<NewCommand>(
      name, aliases: aliases, usage: usage, summary: summary, detail: detail, argumentIsFile: argumentIsFile
    ) { words in parse(words).map(transform) }
  }
}

extension CommandTable {
  /// The same commands, in the same order, each building `transform`'s result.
  ///
  /// ```swift
  /// enum AppCommand { case counter(CounterCommand), favorites(FavoritesCommand) }
  /// let table = counterCommands.map(AppCommand.counter) + favoritesCommands.map(AppCommand.favorites)
  /// ```
  @inlinable
  public func map<NewCommand>(
    _ transform: @escaping @Sendable (Command) -> NewCommand
  ) -> CommandTable<NewCommand> {
    CommandTable<NewCommand>(specs.map { $0.map(transform) })
  }

  /// Both tables' commands, `lhs`'s first; where a word is in both, `lhs`'s command wins, as the first spec
  /// with a word always does.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(lhs.specs + rhs.specs)
  }
}
