/// Where a pullback finds a child's state inside its parent's: a writable key path, and, when the key path
/// names stored properties of structs and tuples only, the child's fixed offset inside the parent.
///
/// Projecting through a key path at run time calls into the runtime for every access (it cannot be folded
/// when the key path is a value). With the offset, ``modify(_:_:)`` is a pointer addition, which is what
/// `MemoryLayout.offset(of:)` documents as equivalent to the key path access whenever it returns an offset.
/// Key paths through computed properties, classes or optionals have no offset and go through the key path.
@usableFromInline
struct StatePath<Root, Value>: Sendable {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value> & Sendable
  /// The child's offset in bytes inside `Root`, or `nil` when the key path must be used.
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Calls `body` with the child's state inside `root`, in place: no copy of the child is made.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { rootPointer in
      // `offset(of:)` returned this offset for this key path, so the bytes there are the child's, of its
      // type, for as long as `root` is accessed here.
      let child = (UnsafeMutableRawPointer(rootPointer) + offset).assumingMemoryBound(to: Value.self)
      return body(&child.pointee)
    }
  }
}
