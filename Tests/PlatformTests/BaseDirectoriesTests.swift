import Platform
import Testing

/// The XDG Base Directory rules: an absolute `XDG_*` wins, an empty or relative one is ignored, and `HOME`
/// gives the default only when it is absolute.
@Suite(.timeLimit(.minutes(2)))
struct BaseDirectoriesTests {
  @Test func anAbsoluteVariableWins() {
    let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state"]
    #expect(BaseDirectories.dataHome(environment: environment) == "/data")
    #expect(BaseDirectories.stateHome(environment: environment) == "/state")
  }

  @Test(arguments: ["", "relative", "./here", "~/data"])
  func anEmptyOrRelativeVariableIsIgnored(value: String) {
    let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": value, "XDG_STATE_HOME": value]
    #expect(BaseDirectories.dataHome(environment: environment) == "/home/ada/.local/share")
    #expect(BaseDirectories.stateHome(environment: environment) == "/home/ada/.local/state")
  }

  @Test func theDefaultsAreBelowHome() {
    #expect(BaseDirectories.dataHome(environment: ["HOME": "/home/ada/"]) == "/home/ada/.local/share")
    #expect(BaseDirectories.stateHome(environment: ["HOME": "/"]) == "/.local/state")
  }

  @Test func withoutAnAbsolutePathThereIsNone() {
    #expect(BaseDirectories.dataHome(environment: [:]) == nil)
    #expect(BaseDirectories.stateHome(environment: ["HOME": "home/ada", "XDG_STATE_HOME": "state"]) == nil)
  }
}
