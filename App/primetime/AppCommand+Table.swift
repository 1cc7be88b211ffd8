import PrimeTimeApp
import Terminal

extension AppCommand {
  /// The commands in the order `help` lists them, with the original app's words where it had them.
  static let table = CommandTable<AppCommand>([
    .noArguments("+", aliases: ["incr"], summary: "Count up by one", command: .increment),
    .noArguments("-", aliases: ["decr"], summary: "Count down by one", command: .decrement),
    .integer(
      "set",
      usage: "set N",
      summary: "Set the count to N",
      detail: "'set 97' then 'prime' asks whether 97 is prime; N may be negative.",
      needs: "a number like 'set 42'",
      make: AppCommand.set
    ),
    .noArguments(
      "prime",
      summary: "Ask whether the count is prime, opening the modal",
      detail: "Shows '7 is prime 🎉' or '8 is not prime :('; 'fav' and 'unfav' act on it, 'ok' closes it.",
      command: .isThisPrime
    ),
    .noArguments("fav", summary: "Save the count to the favorite primes", command: .saveFavorite),
    .noArguments("unfav", summary: "Remove the count from the favorite primes", command: .removeFavorite),
    .noArguments(
      "nth",
      summary: "Ask for the nth prime, where n is the count",
      detail: "After 'set 7', 'nth' shows 'The 7th prime is 17' until 'ok'. Ctrl-C stops a long search.",
      command: .nthPrime
    ),
    .noArguments("ok", summary: "Dismiss the modal, else the nth-prime answer", command: .dismiss),
    .noArguments("favorites", summary: "List the favorite primes, numbered from 1", command: .favorites),
    .positiveIntegers(
      "delete",
      usage: "delete I [I ...]",
      summary: "Delete the favorite primes at these positions, as 'favorites' numbers them",
      detail: "'delete 2 4' deletes the 2nd and the 4th. If a position is past the end, nothing is deleted.",
      needs: "positions like 'delete 2 3'",
      make: { .delete(positions: $0) }
    ),
    .noArguments(
      "save",
      summary: "Save the favorite primes now",
      detail: "Every change is saved as you make it; 'save' does it again and says how many were saved.",
      command: .save
    ),
    .noArguments(
      "load",
      summary: "Replace the list with the saved one",
      detail: "Useful when another PrimeTime saved to the same database meanwhile.",
      command: .load
    ),
    .noArguments("activity", summary: "Show what happened to the favorite primes, oldest first", command: .activity),
  ])
}
