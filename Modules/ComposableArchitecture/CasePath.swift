/// The enum counterpart of a key path: embeds a value into one case of an enum, and extracts it back out.
///
/// `pullback` uses a case path to pick a child's actions out of its parent's. Declare one per case next to the
/// enum, from the case's constructor and a pattern match:
///
/// ```swift
/// enum ShelfAction: Equatable, Sendable {
///   case noteAdded(String)
///   case tally(TallyAction)
///
///   static let tallyCase = CasePath(ShelfAction.tally) { if case .tally(let action) = $0 { action } else { nil } }
/// }
/// ```
///
/// No reflection is involved, so extraction is a single pattern match.
///
/// Where to declare it: pass the value (`ShelfAction.tallyCase`) and any declaration works. A key path to it
/// (`store.receive(\.tallyCase)`) needs the `static let` inside the enum's body, as above, or a computed
/// `static var` in an extension: a key path to a `static let` declared in an extension in another module
/// crashes at run time (signal 11, a Swift 6.3 compiler bug).
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let _embed: @Sendable (Value) -> Root
  @usableFromInline let _extract: @Sendable (Root) -> Value?

  /// Creates a case path from a way to embed a value and a way to extract it.
  ///
  /// `extract` must return `nil` exactly when `root` is another case, and `extract(embed(v))` must give `v`.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    _embed = embed
    _extract = extract
  }

  /// Creates a case path from an enum case's constructor and a pattern match, for a short declaration.
  @inlinable
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed: embed, extract: extract)
  }

  /// Wraps a value in the case.
  @inlinable
  @Sendable
  public func embed(_ value: Value) -> Root {
    _embed(value)
  }

  /// Returns the case's associated value, or `nil` when `root` is another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    _extract(root)
  }

  /// A case path that goes one case deeper: from this path's value into one of its own cases.
  public func appending<AppendedValue>(
    path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    CasePath<Root, AppendedValue>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract(from: $0).flatMap(path.extract(from:)) }
    )
  }

  /// Composes two case paths, as ``appending(path:)`` does: `AppAction.counterCase .. CounterAction.incrCase`.
  public static func .. <AppendedValue>(
    lhs: CasePath,
    rhs: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    lhs.appending(path: rhs)
  }
}

extension CasePath where Root == Value {
  /// The identity case path: embedding and extracting return the value unchanged.
  public static var identity: CasePath {
    CasePath(embed: { $0 }, extract: { $0 })
  }
}

infix operator ..: AdditionPrecedence
