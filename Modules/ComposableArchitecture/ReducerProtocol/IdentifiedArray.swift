/// An ordered collection of identifiable elements with constant-time access by id.
///
/// Ids are unique: adding an element whose id is already present replaces that element in place, keeping
/// its position. Lookup, replacement and appending by id take constant time; inserting or removing anywhere
/// but the end takes time proportional to the elements after that position.
public struct IdentifiedArray<Element: Identifiable> {
  @usableFromInline var elements: [Element]
  @usableFromInline var offsets: [Element.ID: Int]

  /// Creates an empty array.
  @inlinable
  public init() {
    elements = []
    offsets = [:]
  }

  /// Creates an array of `elements`, in order; an element whose id came earlier replaces that one in place.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements {
      updateOrAppend(element)
    }
  }

  /// The ids of the elements, in order.
  @inlinable
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element replaces the one with
  /// that id in place, or appends it when there is none.
  ///
  /// A value with another id than `id` still takes the place of the element with `id`, under its own id;
  /// any other element that had that id is removed.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { offsets[id].map { elements[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      guard let offset = offsets[id] else {
        updateOrAppend(newValue)
        return
      }
      elements[offset] = newValue
      rekey(at: offset, from: id)
    }
  }

  /// Whether an element with `id` is present.
  @inlinable
  public func contains(id: Element.ID) -> Bool {
    offsets[id] != nil
  }

  /// The position of the element with `id`, or `nil`.
  @inlinable
  public func index(id: Element.ID) -> Int? {
    offsets[id]
  }

  /// Appends `element` unless its id is already present.
  ///
  /// - Returns: whether it was appended.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    guard offsets[element.id] == nil else { return false }
    offsets[element.id] = elements.count
    elements.append(element)
    return true
  }

  /// Replaces the element with the same id in place, or appends `element` when there is none.
  ///
  /// - Returns: the element replaced, if any.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    if let offset = offsets[element.id] {
      defer { elements[offset] = element }
      return elements[offset]
    }
    offsets[element.id] = elements.count
    elements.append(element)
    return nil
  }

  /// Inserts `element` at `index` unless its id is already present.
  ///
  /// `index` is clamped to `0...count`, so any integer is accepted.
  ///
  /// - Returns: whether it was inserted.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    guard offsets[element.id] == nil else { return false }
    let index = Swift.min(Swift.max(index, 0), elements.count)
    elements.insert(element, at: index)
    reindex(from: index)
    return true
  }

  /// Removes and returns the element with `id`, or returns `nil` when there is none.
  @inlinable
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let offset = offsets.removeValue(forKey: id) else { return nil }
    let removed = elements.remove(at: offset)
    reindex(from: offset)
    return removed
  }

  /// Removes every element for which `shouldBeRemoved` is true, keeping the others in order.
  ///
  /// If `shouldBeRemoved` throws, the elements it had already been asked about may have moved, but every
  /// element is still found by its id.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    defer {
      offsets.removeAll(keepingCapacity: true)
      reindex(from: 0)
    }
    try elements.removeAll(where: shouldBeRemoved)
  }

  /// Runs `body` on the element with `id` in place and returns its result, or returns `nil` when there is no
  /// such element.
  ///
  /// If `body` changes the element's id, even if it then throws, the element keeps its position under its
  /// new id, and any other element that had that id is removed.
  @inlinable
  public mutating func modify<Result>(id: Element.ID, _ body: (inout Element) throws -> Result) rethrows -> Result? {
    guard let offset = offsets[id] else { return nil }
    defer { rekey(at: offset, from: id) }
    return try body(&elements[offset])
  }

  /// Brings `offsets` up to date after the element at `offset`, once stored under `oldID`, may have changed
  /// its id.
  @inlinable
  mutating func rekey(at offset: Int, from oldID: Element.ID) {
    let newID = elements[offset].id
    guard newID != oldID else { return }
    offsets[oldID] = nil
    if let other = offsets[newID], other != offset {
      elements.remove(at: other)
      reindex(from: Swift.min(other, offset))
    } else {
      offsets[newID] = offset
    }
  }

  @inlinable
  mutating func reindex(from start: Int) {
    for offset in start..<elements.count {
      offsets[elements[offset].id] = offset
    }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  public typealias Index = Int

  /// The position of the first element.
  @inlinable
  public var startIndex: Int { elements.startIndex }

  /// The position after the last element.
  @inlinable
  public var endIndex: Int { elements.endIndex }

  /// The element at `position`, which must be a valid index.
  @inlinable
  public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Creates an array of the literal's elements; see ``init(_:)`` for repeated ids.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as a plain collection of the elements, so dumps and test diffs show it like an array.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

/// An ``IdentifiedArray`` of `Element`, under TCA 1.x's name: `var rows: IdentifiedArrayOf<Row.State> = []`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>
