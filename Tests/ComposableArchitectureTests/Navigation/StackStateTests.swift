import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct StackStateTests {
  @Test func idsCountUpAndAreNeverGivenTwice() {
    var path = StackState<String>()
    path.append("a")
    path.append("b")
    #expect(path.ids == [0, 1])
    #expect(path.removeLast() == "b")
    path.append("c")
    #expect(path.ids == [0, 2])
    #expect(path.popLast() == "c")
    path.removeAll()
    path.append("d")
    #expect(path.ids == [3])
    #expect(Array(path) == ["d"])
  }

  @Test func popFromPopsTheElementAndEveryElementAboveIt() {
    var path = StackState(["a", "b", "c", "d"])
    path.pop(from: 1)
    #expect(Array(path) == ["a"])
    path.pop(from: 7)
    #expect(Array(path) == ["a"], "an id the stack does not hold pops nothing")
  }

  @Test func popToKeepsTheElementAndPopsEveryElementAboveIt() {
    var path = StackState(["a", "b", "c", "d"])
    path.pop(to: 1)
    #expect(Array(path) == ["a", "b"])
    #expect(path.ids == [0, 1])
  }

  @Test func theSubscriptByIdReadsReplacesRemovesAndPushes() {
    var path = StackState(["a", "b", "c"])
    #expect(path[id: 1] == "b")
    #expect(path[id: 9] == nil)
    path[id: 1] = "B"
    #expect(Array(path) == ["a", "B", "c"])
    path[id: 1] = nil
    #expect(Array(path) == ["a", "c"])
    #expect(path.ids == [0, 2])
    path[id: 5] = "e"
    #expect(path.ids == [0, 2, 5])
    path.append("f")
    #expect(path.ids == [0, 2, 5, 6], "an id set by hand is never given again")
  }

  @Test func twoStacksAreEqualWhenTheyHoldEqualElementsUnderTheSameIds() {
    var path = StackState<String>()
    path[id: 0] = "a"
    var other = StackState<String>()
    other[id: 0] = "a"
    #expect(path == other)
    other[id: 0] = nil
    other[id: 1] = "a"
    #expect(path != other)
    #expect(Array(path) == Array(other))
  }

  @Test func aStackEncodesAsItsElementsAndADecodedOneGivesNewIds() throws {
    var path = StackState(["a", "b"])
    path.removeFirst()
    let data = try JSONEncoder().encode(path)
    #expect(String(decoding: data, as: UTF8.self) == #"["b"]"#)
    let decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
    #expect(Array(decoded) == ["b"])
    #expect(decoded.ids.count == 1)
  }

  @Test func navigationActionsAreCodable() throws {
    let actions: [StackAction<String, PresentationAction<Int>>] = [
      .element(id: 2, action: .presented(7)), .element(id: 3, action: .dismiss), .popFrom(id: 1), .push(id: 4, state: "a"),
    ]
    let data = try JSONEncoder().encode(actions)
    #expect(try JSONDecoder().decode([StackAction<String, PresentationAction<Int>>].self, from: data) == actions)
    #expect(String(decoding: try JSONEncoder().encode(StackElementID(integerLiteral: 5)), as: UTF8.self) == "5")
  }

  @Test func aDumpShowsEachElementUnderItsId() {
    let path = StackState(["a", "b"])
    #expect(String(describing: path) == #"["a", "b"]"#)
    #expect(Mirror(reflecting: path).children.map(\.label) == ["#0", "#1"])
    #expect(StackElementID(integerLiteral: 3).description == "#3")
    #expect((2 as StackElementID) < 3)
  }
}
