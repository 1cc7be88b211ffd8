/// The features of a navigation stack, bottom first, each with the ``StackElementID`` it was pushed under.
///
/// A parent holds its stack as `var path = StackState<Path.State>()` and runs it with
/// ``ReducerProtocol/forEach(_:action:destination:fileID:line:)``. It is a random-access, range-replaceable
/// collection of the elements: `append` pushes, `removeLast` and `popLast` pop, and every element added gets
/// a new id from the generator the stack took when it was made (``DependencyValues/stackElementID``), so ids
/// are never reused within a store. Elements are reached by id with ``subscript(id:)``, and
/// ``pop(from:)`` and ``pop(to:)`` pop by id.
///
/// ```swift
/// var path = StackState<Int>()
/// path.append(10)
/// path.append(20)
/// path.append(30)
/// path.pop(from: path.ids[1])
/// // path holds [10], under ids.first; an element appended now gets an id none had before.
/// ```
///
/// Two stacks are equal when they hold equal elements under the same ids. It is `Sendable`, `Hashable` and
/// `Codable` when its elements are; it encodes as the array of its elements, and a decoded stack gives its
/// elements new ids.
public struct StackState<Element> {
  @usableFromInline var elements: [Element]
  /// The id of each element, in the same order.
  @usableFromInline var elementIDs: [StackElementID]
  /// Where the ids of new elements come from.
  @usableFromInline let generator: StackElementIDGenerator

  /// An empty stack, drawing ids from the ``DependencyValues/stackElementID`` generator in effect.
  public init() {
    elements = []
    elementIDs = []
    generator = DependencyValues.current.stackElementID
  }

  /// The ids of the elements, bottom first.
  @inlinable
  public var ids: [StackElementID] { elementIDs }

  /// The position of the element with `id`, or `nil`.
  @inlinable
  func index(id: StackElementID) -> Int? {
    // From the top: the elements acted on most are the latest pushed.
    elementIDs.lastIndex(of: id)
  }

  /// The element with `id`, or `nil` when the stack holds none.
  ///
  /// Setting `nil` removes that element alone. Setting an element replaces the one with `id` in place, or,
  /// when there is none, pushes it under `id`, which the generator then never gives: how a test states what
  /// a push did (`$0.path[id: 0] = .counter(Counter.State())`). A reducer pushes with `append`.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { index(id: id).map { elements[$0] } }
    set {
      switch (index(id: id), newValue) {
      case (let index?, let element?):
        elements[index] = element
      case (let index?, nil):
        elements.remove(at: index)
        elementIDs.remove(at: index)
      case (nil, let element?):
        push(element, id: id)
      case (nil, nil):
        break
      }
    }
  }

  /// Pops the element with `id` and every element above it; does nothing when the stack has no such element.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let index = index(id: id) else { return }
    removeSubrange(index...)
  }

  /// Pops every element above the one with `id`; does nothing when the stack has no such element.
  @inlinable
  public mutating func pop(to id: StackElementID) {
    guard let index = index(id: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Runs `body` on the element with `id` in place, and returns its result; `nil` when there is no such
  /// element.
  @inlinable
  mutating func modify<Result>(id: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    guard let index = index(id: id) else { return nil }
    return body(&elements[index])
  }

  /// Pushes `element` under `id`, whatever the generator would give, and counts the generator past it.
  @inlinable
  mutating func push(_ element: Element, id: StackElementID) {
    generator.skip(past: id)
    elements.append(element)
    elementIDs.append(id)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  /// The position of the bottom element: 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the top element: the number of elements.
  @inlinable
  public var endIndex: Int { elements.count }

  /// The element at `position`, counted from the bottom.
  @inlinable
  public subscript(position: Int) -> Element { elements[position] }

  /// Replaces the elements in `subrange` with `newElements`, each under a new id.
  @inlinable
  public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
    let added = Array(newElements)
    elements.replaceSubrange(subrange, with: added)
    elementIDs.replaceSubrange(subrange, with: added.map { _ in generator.next() })
  }

  /// Removes every element; ids already given stay given.
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    elements.removeAll(keepingCapacity: keepCapacity)
    elementIDs.removeAll(keepingCapacity: keepCapacity)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold equal elements under the same ids, in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementIDs == rhs.elementIDs && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and the elements.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elementIDs)
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes an array of elements, each under a new id.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as an array; ids are not kept.
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

extension StackState: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}

extension StackState: CustomReflectable {
  /// Reflects each element under its id, `#0:`, bottom first, so dumps and test diffs show which id holds
  /// what.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(elementIDs, elements).map { (label: $0.0.description as String?, value: $0.1 as Any) },
      displayStyle: .struct
    )
  }
}
