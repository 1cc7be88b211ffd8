import PrimeModalTerminal
public import REPL

extension CounterCommand {
  /// The counter screen's commands in the order `help` lists them, with the app's words; `fav` and `unfav`
  /// are the modal's (``PrimeModalCommand/buttons``).
  public static let table =
    CommandTable<CounterCommand>([
      .noArguments("+", aliases: ["incr"], summary: "Count up by one", command: .increment),
      .noArguments("-", aliases: ["decr"], summary: "Count down by one", command: .decrement),
      .integer(
        "set",
        usage: "set N",
        summary: "Set the count to N",
        detail: "'set 97' then 'prime' asks whether 97 is prime; N may be negative.",
        needs: "a number like 'set 42'",
        make: CounterCommand.set
      ),
      optionalCount(
        "prime",
        example: 97,
        summary: "Ask whether the count is prime, opening the modal",
        detail: "Shows '7 is prime 🎉' or '8 is not prime :('; 'fav' and 'unfav' act on it, 'ok' closes it.\n"
          + "'prime 97' sets the count to 97 first.",
        make: CounterCommand.isThisPrime
      ),
    ])
    + PrimeModalCommand.buttons.map(CounterCommand.primeModal)
    + CommandTable([
      optionalCount(
        "nth",
        example: 100,
        summary: "Ask for the nth prime, where n is the count",
        detail: "After 'set 7', 'nth' shows 'The 7th prime is 17' until 'ok'. Ctrl-C stops a long search.\n"
          + "'nth 100' sets the count to 100 first.",
        make: CounterCommand.nthPrime
      ),
      .noArguments("ok", summary: "Dismiss the modal, else the nth-prime answer", command: .dismiss),
    ])

  /// `NAME [N]`: no argument, or one whole number to set the count to first.
  private static func optionalCount(
    _ name: String,
    example: Int,
    summary: String,
    detail: String,
    make: @escaping @Sendable (Int?) -> CounterCommand
  ) -> CommandSpec<CounterCommand> {
    CommandSpec(name, usage: "\(name) [N]", summary: summary, detail: detail) { arguments in
      guard !arguments.isEmpty else { return .success(make(nil)) }
      return Arguments.integer(arguments, command: name, needs: "one number like '\(name) \(example)', or none")
        .map { make($0) }
    }
  }
}
