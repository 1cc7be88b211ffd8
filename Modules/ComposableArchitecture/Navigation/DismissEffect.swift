/// Dismisses the feature that calls it, from its own effects: `@Dependency(\.dismiss) var dismiss`, then
/// `await dismiss()`.
///
/// Inside a feature presented with ``ReducerProtocol/ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>``
/// it sends that presentation's ``PresentationAction/dismiss``; inside an element of a stack run by
/// ``ReducerProtocol/forEach(_:action:destination:fileID:line:)``, the stack's
/// ``StackAction/popFrom(id:)`` for that element. Either way the parent sees the action, the child goes away,
/// and every effect of the child ends, the one that called `dismiss()` included: code after the call should
/// not count on running.
///
/// ```swift
/// case .cancelButtonTapped:
///   return .run { [dismiss] _ in
///     await dismiss()
///   }
/// ```
///
/// A feature that is not presented has nothing to dismiss: calling it there reports a runtime warning and
/// does nothing. A test of a child on its own can override it with ``init(_:)``.
///
/// `Sendable`: copies go into effects, which run off the main actor.
public struct DismissEffect: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    /// Outside every presentation.
    case unavailable
    /// Inside a presentation or a stack element: dismisses the one whose effect calls it.
    case presented
    /// A test's own dismissal.
    case custom(@Sendable () async -> Void)
  }

  @usableFromInline let kind: Kind

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// A dismissal that runs `dismiss`: for a test of a child feature on its own, to see that the child asks to
  /// be dismissed. Presenting and stacking replace it with their own for the child they run.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    kind = .custom(dismiss)
  }

  /// Dismisses the feature whose effect calls this; reports a runtime warning pointing at `fileID` and
  /// `line` when that feature is not presented.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    let location = SourceLocation(fileID: fileID, line: line)
    switch kind {
    case .custom(let dismiss):
      await dismiss()
    case .presented:
      guard let dismissal = Dismissal.current.get() else {
        RuntimeWarning.reportDismissOutsideEffects(at: location)
        return
      }
      await dismissal.dismiss()
    case .unavailable:
      RuntimeWarning.reportDismissWithoutPresentation(at: location)
    }
  }

  /// Whether this dismisses something: a presentation, a stack element, or a test's closure.
  @inlinable
  var isAvailable: Bool {
    if case .unavailable = kind { false } else { true }
  }
}

extension DismissEffect: DependencyKey {
  /// Nothing to dismiss: the root of an application is not presented.
  public static let liveValue = DismissEffect(kind: .unavailable)

  /// Nothing to dismiss, as in the live context.
  public static let testValue = DismissEffect(kind: .unavailable)
}

extension DependencyValues {
  /// Dismisses the feature that reads it, from its effects: `@Dependency(\.dismiss) var dismiss`, then
  /// `await dismiss()`.
  ///
  /// Presenting (`ifLet(\.$destination, ...)`) and stacking (`forEach(\.path, ...)`) set it for the child's
  /// reduce and for the effects the child returns; elsewhere calling it reports a runtime warning.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }

  /// Whether the feature that reads it is presented: `true` in the reduce and effects of a feature presented
  /// with `ifLet(\.$destination, ...)` or pushed with `forEach(\.path, ...)`, or when ``dismiss`` was set
  /// to a dismissal of a test's own.
  public var isPresented: Bool {
    dismiss.isAvailable
  }
}
