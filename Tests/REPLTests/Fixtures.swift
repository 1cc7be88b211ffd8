import Synchronization
import REPL

/// The commands of a small favourites-like program, used by the tests of this target.
enum DemoCommand: Equatable, Sendable {
  case save
  case load
  case delete([Int])
  case nth(Int)
}

let demoCommands = CommandTable<DemoCommand>([
  .noArguments("save", summary: "Save the favourites", command: .save),
  .noArguments("load", summary: "Load the favourites", command: .load),
  .positiveIntegers(
    "delete",
    aliases: ["rm"],
    usage: "delete I [I ...]",
    summary: "Remove favourites at the given positions",
    detail: "Example: delete 2 3 removes the second and third.",
    needs: "positions like 'delete 2 3'",
    make: DemoCommand.delete
  ),
  .positiveInteger(
    "nth",
    usage: "nth N",
    summary: "Print the nth prime",
    needs: "a number like 'nth 5'",
    maximum: 10_000,
    make: DemoCommand.nth
  ),
])

/// What the demo program answers: `load` and `nth 13` fail, the rest print one line.
func demoHandler(_ command: DemoCommand) -> CommandResult {
  switch command {
  case .save: .output(["saved"])
  case .load: .failure("nothing saved yet; use 'save' first.")
  case .delete(let positions): .output(["deleted \(positions)"])
  case .nth(13): .failure("13 is unlucky.")
  case .nth(let n): .output(["prime \(n)"])
  }
}
