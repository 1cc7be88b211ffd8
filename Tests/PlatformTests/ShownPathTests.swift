import Platform
import Testing

/// A path as the banner shows it: the home written `~`, and cut in the middle to fit the line.
@Suite(.timeLimit(.minutes(1)))
struct ShownPathTests {
  @Test func theHomeAtTheStartIsWrittenTilde() {
    #expect(ShownPath.abbreviating("/home/ada/.local/p.db", home: "/home/ada") == "~/.local/p.db")
    #expect(ShownPath.abbreviating("/home/ada", home: "/home/ada/") == "~")
  }

  @Test func aPathOutsideTheHomeOrALookalikeIsLeftAlone() {
    #expect(ShownPath.abbreviating("/home/adam/p.db", home: "/home/ada") == "/home/adam/p.db")
    #expect(ShownPath.abbreviating("/srv/p.db", home: "/home/ada") == "/srv/p.db")
    #expect(ShownPath.abbreviating("/srv/p.db", home: "/") == "/srv/p.db")
    #expect(ShownPath.abbreviating("/srv/p.db", home: nil) == "/srv/p.db")
    #expect(ShownPath.abbreviating("/srv/p.db", home: "") == "/srv/p.db")
  }

  @Test func aLongPathLosesItsMiddleAndKeepsItsStartAndFileName() {
    let path = "~/.local/share/primetime/primetime.sqlite3"
    #expect(ShownPath.fitting(path, width: 80) == path)
    #expect(ShownPath.fitting(path, width: 31) == "~/…/primetime/primetime.sqlite3")
    #expect(ShownPath.fitting(path, width: 30) == "~/…/primetime.sqlite3")
    #expect(ShownPath.fitting(path, width: 20) == "~/…/primetime.sqlite3")
    #expect(ShownPath.fitting("/a/b/c/d.txt", width: 9) == "/a/…/d.txt")
  }

  @Test func aPathThatCannotFitIsShownWhole() {
    #expect(ShownPath.fitting("~/.local/share/primetime/primetime.sqlite3", width: 5) == "~/…/primetime.sqlite3")
    #expect(ShownPath.fitting("primetime.sqlite3", width: 5) == "primetime.sqlite3")
  }
}
