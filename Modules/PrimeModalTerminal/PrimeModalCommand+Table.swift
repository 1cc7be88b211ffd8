public import REPL

extension PrimeModalCommand {
  /// The modal's buttons, `fav` and `unfav`: what a screen that opens the modal embeds in its own commands.
  public static let buttons = CommandTable<PrimeModalCommand>([
    .noArguments("fav", summary: "Save the count to the favorite primes", command: .saveFavorite),
    .noArguments("unfav", summary: "Remove the count from the favorite primes", command: .removeFavorite),
  ])

  /// Every command of the modal on its own, in the order `help` lists them: `prime`, the buttons,
  /// `favorites`.
  public static let table =
    CommandTable<PrimeModalCommand>([
      .noArguments(
        "prime",
        summary: "Show the modal: whether the count is prime, and its button",
        command: .show
      )
    ]) + buttons
    + CommandTable([
      .noArguments("favorites", summary: "List the favorite primes, numbered from 1", command: .favorites)
    ])
}
