import REPL
import Testing

/// What `help` lists, as a program reads it to write the same list elsewhere (primetime's manual page).
@Suite(.timeLimit(.minutes(1)))
struct HelpListingTests {
  @Test func theListingIsTheTablesCommandsThenTheBuiltInsWithTheirAliases() {
    let listing = demoCommands.helpListing
    #expect(listing.map(\.usage) == ["save", "load", "delete I [I ...]", "nth N", "help [COMMAND]", "quit"])
    #expect(listing.map(\.aliases) == [[], [], ["rm"], [], [], ["exit"]])
    #expect(listing[2].description == "Remove favourites at the given positions (alias: rm)")
    #expect(listing[5].description == "End the session (alias: exit)")
    #expect(listing[0].description == "Save the favourites")
  }

  @Test func severalAliasesAreListedTogether() {
    let table = CommandTable<Int>([.noArguments("go", aliases: ["g", "run"], summary: "Go", command: 1)])
    #expect(table.helpListing[0].description == "Go (aliases: g, run)")
  }
}
