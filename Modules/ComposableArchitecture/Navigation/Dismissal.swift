/// How the effects of one presented child, or of one stack element, dismiss it: by sending its parent the
/// action that does (``PresentationAction/dismiss``, ``StackAction/popFrom(id:)``) through the `Send` of the
/// effect that asks.
///
/// `ifLet(\.$destination, ...)` and `forEach(\.path, ...)` wrap every asynchronous effect their child
/// returns so that it runs with its dismissal as ``current``; ``DismissEffect`` looks it up there. The
/// innermost presentation wraps last and so runs innermost: a nested child's `dismiss()` dismisses the nested
/// child. Nothing runs for a child that is shown and idle, so a test store has no effect to wait for.
@usableFromInline
final class Dismissal: Sendable {
  /// Sends the action that dismisses the child.
  let dismiss: @Sendable () async -> Void

  init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// The dismissal of the child whose effect runs in the current task; `nil` outside such effects.
  ///
  /// A `TaskLocal` held directly rather than through `@TaskLocal`, like ``ChildEffectScope/current``.
  static let current = TaskLocal<Dismissal?>(wrappedValue: nil)

  /// The dependencies of a presented child's reduce: the current ones, with ``DependencyValues/dismiss``
  /// dismissing the child whose effect calls it (and so ``DependencyValues/isPresented`` true).
  @usableFromInline
  static func presentedDependencies() -> DependencyValues {
    var values = DependencyValues.current
    values.setOverride(presentedOverride, for: ObjectIdentifier(DismissEffect.self))
    return values
  }

  /// The override ``presentedDependencies()`` sets, made once.
  private static let presentedOverride = DependencyValues.Box(DismissEffect(kind: .presented))
}

extension Effect {
  /// This effect with each of its asynchronous pieces, those of concatenated effects included, run with
  /// `dismiss` as the current ``Dismissal``; `dismiss` gets the `Send` of the piece that asks.
  @usableFromInline
  func dismissible(by dismiss: @escaping @Sendable (Send<Action>) async -> Void) -> Self {
    Self(
      pieces: pieces.map { piece -> Piece in
        switch piece {
        case var .run(run):
          let operation = run.operation
          run.operation = { send in
            try await Dismissal.current.withValue(Dismissal { await dismiss(send) }) {
              try await operation(send)
            }
          }
          return .run(run)
        case var .concatenate(concatenation):
          concatenation.effects = concatenation.effects.map { $0.dismissible(by: dismiss) }
          return .concatenate(concatenation)
        case .sync, .cancel:
          return piece
        }
      }
    )
  }
}
