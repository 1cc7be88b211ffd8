import ComposableArchitecture
import Testing

@Suite(.timeLimit(.minutes(2)))
struct IdentifiedArrayTests {
  struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var name: String

    var description: String { "\(id):\(name)" }
  }

  struct Boom: Error {}

  /// Ids `1...4` named `a` to `d`.
  static func abcd() -> IdentifiedArray<Item> {
    [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c"), Item(id: 4, name: "d")]
  }

  /// Checks the invariant every operation must keep: each element is found by its own id at its own position.
  static func expectConsistent(
    _ array: IdentifiedArray<Item>,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for (position, element) in array.enumerated() {
      #expect(array.index(id: element.id) == position, "index(id: \(element.id))", sourceLocation: sourceLocation)
      #expect(array[id: element.id] == element, "subscript(id: \(element.id))", sourceLocation: sourceLocation)
      #expect(array.contains(id: element.id), "contains(id: \(element.id))", sourceLocation: sourceLocation)
    }
    #expect(Set(array.ids).count == array.count, "ids are unique", sourceLocation: sourceLocation)
  }

  static func requireSendable<T: Sendable>(_ value: T) -> T { value }

  // MARK: Order and lookup

  @Test func elementsKeepTheOrderTheyWereAddedIn() {
    var array = IdentifiedArray<Item>()
    #expect(array.isEmpty)
    array.append(Item(id: 30, name: "x"))
    array.append(Item(id: 10, name: "y"))
    array.append(Item(id: 20, name: "z"))

    #expect(array.ids == [30, 10, 20])
    #expect(array.map(\.name) == ["x", "y", "z"])
    #expect(array.count == 3)
    #expect(array.first?.id == 30)
    #expect(array.last?.id == 20)
    #expect(array[1] == Item(id: 10, name: "y"))
  }

  @Test func lookupByIdFindsTheElementAndItsPosition() {
    let array = Self.abcd()
    #expect(array[id: 3] == Item(id: 3, name: "c"))
    #expect(array.index(id: 3) == 2)
    #expect(array.contains(id: 3))
    #expect(array[id: 99] == nil)
    #expect(array.index(id: 99) == nil)
    #expect(!array.contains(id: 99))
  }

  // MARK: append and updateOrAppend

  @Test func appendOfANewIdAppendsAndReturnsTrue() {
    var array = Self.abcd()
    let appended = array.append(Item(id: 5, name: "e"))
    #expect(appended)
    #expect(array.ids == [1, 2, 3, 4, 5])
    #expect(array[id: 5]?.name == "e")
    Self.expectConsistent(array)
  }

  @Test func appendOfAnExistingIdReturnsFalseAndChangesNothing() {
    var array = Self.abcd()
    let appended = array.append(Item(id: 2, name: "intruder"))
    #expect(!appended)
    #expect(array == Self.abcd())
    #expect(array[id: 2]?.name == "b")
  }

  @Test func updateOrAppendReplacesAnExistingElementInPlace() {
    var array = Self.abcd()
    let replaced = array.updateOrAppend(Item(id: 2, name: "B"))
    #expect(replaced == Item(id: 2, name: "b"))
    #expect(array.ids == [1, 2, 3, 4])
    #expect(array.map(\.name) == ["a", "B", "c", "d"])
    #expect(array[id: 2]?.name == "B")
    Self.expectConsistent(array)
  }

  @Test func updateOrAppendAppendsANewIdAndReturnsNil() {
    var array = Self.abcd()
    let replaced = array.updateOrAppend(Item(id: 7, name: "g"))
    #expect(replaced == nil)
    #expect(array.ids == [1, 2, 3, 4, 7])
    Self.expectConsistent(array)
  }

  // MARK: insert

  @Test func insertPutsTheElementAtTheIndexAndShiftsTheRest() {
    var array = Self.abcd()
    let inserted = array.insert(Item(id: 9, name: "i"), at: 1)
    #expect(inserted)
    #expect(array.ids == [1, 9, 2, 3, 4])
    #expect(array.index(id: 4) == 4)
    Self.expectConsistent(array)
  }

  @Test func insertClampsAnIndexOutOfRange() {
    var array = Self.abcd()
    let insertedBefore = array.insert(Item(id: 8, name: "before"), at: -5)
    let insertedAfter = array.insert(Item(id: 9, name: "after"), at: 1_000)
    #expect(insertedBefore)
    #expect(insertedAfter)
    #expect(array.ids == [8, 1, 2, 3, 4, 9])
    Self.expectConsistent(array)
  }

  @Test func insertOfAnExistingIdReturnsFalseAndChangesNothing() {
    var array = Self.abcd()
    let inserted = array.insert(Item(id: 3, name: "intruder"), at: 0)
    #expect(!inserted)
    #expect(array == Self.abcd())
  }

  // MARK: Removal

  @Test func removeByIdReturnsTheElementAndLaterLookupsStillWork() {
    var array = Self.abcd()
    let removed = array.remove(id: 2)
    #expect(removed == Item(id: 2, name: "b"))
    #expect(array.ids == [1, 3, 4])
    #expect(array[id: 2] == nil)
    #expect(array.index(id: 4) == 2)
    Self.expectConsistent(array)
  }

  @Test func removeOfAnAbsentIdReturnsNilAndChangesNothing() {
    var array = Self.abcd()
    #expect(array.remove(id: 42) == nil)
    #expect(array == Self.abcd())
  }

  @Test func removeAllWhereKeepsTheOthersInOrderAndReindexes() {
    var array = Self.abcd()
    array.append(Item(id: 5, name: "e"))
    array.removeAll { $0.id.isMultiple(of: 2) }

    #expect(array.ids == [1, 3, 5])
    #expect(array[id: 2] == nil)
    #expect(array[id: 4] == nil)
    #expect(array.index(id: 5) == 2)
    #expect(array[id: 5]?.name == "e")
    Self.expectConsistent(array)

    // Offsets were rebuilt, so later position-based operations agree with lookups.
    array.remove(id: 1)
    #expect(array.index(id: 5) == 1)
    Self.expectConsistent(array)
  }

  @Test func removeAllWhosePredicateThrowsLeavesLookupsConsistent() {
    var array = Self.abcd()
    var calls = 0
    #expect(throws: Boom.self) {
      try array.removeAll { item in
        calls += 1
        if calls == 4 { throw Boom() }
        return item.id == 2
      }
    }
    Self.expectConsistent(array)
  }

  // MARK: subscript(id:) set

  @Test func settingNilThroughTheIdSubscriptRemovesTheElement() {
    var array = Self.abcd()
    array[id: 3] = nil
    #expect(array.ids == [1, 2, 4])
    #expect(array[id: 3] == nil)
    Self.expectConsistent(array)
  }

  @Test func settingAnElementWithTheSameIdReplacesItInPlace() {
    var array = Self.abcd()
    array[id: 2] = Item(id: 2, name: "B")
    #expect(array.ids == [1, 2, 3, 4])
    #expect(array.map(\.name) == ["a", "B", "c", "d"])
  }

  @Test func settingAnAbsentIdAppends() {
    var array = Self.abcd()
    array[id: 5] = Item(id: 5, name: "e")
    #expect(array.ids == [1, 2, 3, 4, 5])
    Self.expectConsistent(array)
  }

  @Test func settingAnElementWithAnotherIdTakesTheOldOnesPlaceUnderItsOwnId() {
    var array = Self.abcd()
    array[id: 2] = Item(id: 7, name: "g")
    #expect(array[id: 2] == nil)
    #expect(array[id: 7] == Item(id: 7, name: "g"))
    #expect(array.ids == [1, 7, 3, 4])
    Self.expectConsistent(array)
  }

  @Test func settingAnElementWithAnotherExistingIdTakesTheOldOnesPlaceAndRemovesTheOther() {
    var array = Self.abcd()
    array[id: 2] = Item(id: 4, name: "D")
    #expect(array.ids == [1, 4, 3])
    #expect(array.map(\.name) == ["a", "D", "c"])
    Self.expectConsistent(array)
  }

  // MARK: modify(id:)

  @Test func modifyChangesTheElementInPlaceAndReturnsTheBodysResult() {
    var array = Self.abcd()
    let result = array.modify(id: 3) { item -> String in
      item.name = "C"
      return "was c"
    }
    #expect(result == "was c")
    #expect(array.map(\.name) == ["a", "b", "C", "d"])
    Self.expectConsistent(array)
  }

  @Test func modifyOfAnAbsentIdReturnsNilWithoutCallingTheBody() {
    var array = Self.abcd()
    var called = false
    let result: Void? = array.modify(id: 42) { _ in called = true }
    #expect(result == nil)
    #expect(!called)
    #expect(array == Self.abcd())
  }

  @Test func modifyThatChangesTheIdKeepsTheElementUnderItsNewId() {
    var array = Self.abcd()
    array.modify(id: 2) { $0.id = 20 }
    #expect(array[id: 2] == nil)
    #expect(array[id: 20] == Item(id: 20, name: "b"))
    #expect(array.ids == [1, 20, 3, 4])
    Self.expectConsistent(array)
  }

  @Test func modifyThatChangesTheIdToAnExistingOneReplacesThatElement() {
    var array = Self.abcd()
    array.modify(id: 1) { $0.id = 3 }
    #expect(array[id: 1] == nil)
    #expect(array[id: 3] == Item(id: 3, name: "a"))
    #expect(array.ids == [3, 2, 4])
    Self.expectConsistent(array)
  }

  @Test func modifyWhoseBodyChangesTheIdThenThrowsLeavesLookupsConsistent() {
    var array = Self.abcd()
    #expect(throws: Boom.self) {
      try array.modify(id: 1) { item in
        item.id = 9
        throw Boom()
      }
    }
    #expect(array.ids == [9, 2, 3, 4])
    Self.expectConsistent(array)
  }

  // MARK: Initialisers

  @Test func initFromASequenceWithRepeatedIdsKeepsTheFirstPositionAndTheLastValue() {
    let array = IdentifiedArray([
      Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 1, name: "A"), Item(id: 3, name: "c"),
      Item(id: 2, name: "B"),
    ])
    #expect(array.ids == [1, 2, 3])
    #expect(array.map(\.name) == ["A", "B", "c"])
    Self.expectConsistent(array)
  }

  @Test func anArrayLiteralBuildsTheArrayInOrder() {
    let array: IdentifiedArray<Item> = [Item(id: 2, name: "b"), Item(id: 1, name: "a"), Item(id: 2, name: "B")]
    #expect(array.ids == [2, 1])
    #expect(array.map(\.name) == ["B", "a"])
    #expect(array == IdentifiedArray([Item(id: 2, name: "B"), Item(id: 1, name: "a")]))
  }

  // MARK: Conformances

  @Test func equalityComparesElementsInOrder() {
    #expect(Self.abcd() == Self.abcd())

    var renamed = Self.abcd()
    renamed[id: 4] = Item(id: 4, name: "D")
    #expect(renamed != Self.abcd())

    let reordered = IdentifiedArray(Self.abcd().reversed())
    #expect(reordered != Self.abcd())

    var shorter = Self.abcd()
    shorter.remove(id: 4)
    #expect(shorter != Self.abcd())
  }

  @Test func descriptionPrintsLikeAnArray() {
    let array: IdentifiedArray<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    #expect(array.description == "[1:a, 2:b]")
    #expect("\(array)" == "\(Array(array))")
    #expect(IdentifiedArray<Item>().description == "[]")
  }

  @Test func mirrorShowsACollectionOfTheElements() {
    let array: IdentifiedArray<Item> = [Item(id: 2, name: "b"), Item(id: 1, name: "a")]
    let mirror = Mirror(reflecting: array)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.compactMap { $0.value as? Item } == [Item(id: 2, name: "b"), Item(id: 1, name: "a")])
    #expect(mirror.children.allSatisfy { $0.label == nil })

    var dumped = ""
    dump(array, to: &dumped)
    var dumpedArray = ""
    dump(Array(array), to: &dumpedArray)
    #expect(dumped == dumpedArray)
  }

  @Test func isSendableWhenItsElementsAre() async {
    // Compile-time check: this only builds while `IdentifiedArray<Item>` is `Sendable`.
    let array = Self.requireSendable(Self.abcd())
    let ids = await Task.detached { array.ids }.value
    #expect(ids == [1, 2, 3, 4])
  }
}
