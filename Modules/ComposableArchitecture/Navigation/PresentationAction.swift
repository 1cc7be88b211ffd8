/// The actions of a presented child feature, as its parent sees them: the child's own, or its dismissal.
///
/// A parent that presents `Editor` with `@Presents var destination: Editor.State?` has one case for them:
///
/// ```swift
/// enum Action: Equatable, Sendable {
///   case destination(PresentationAction<Editor.Action>)
///   case editButtonTapped
///
///   static let destinationCase = CasePath(Action.destination) {
///     if case .destination(let action) = $0 { action } else { nil }
///   }
/// }
/// ```
///
/// ``ReducerProtocol/ifLet(_:action:destination:fileID:line:)->PresentationReducer<Self,Destination,ChildPresence>`` runs the child for
/// ``presented(_:)``, and sets the child's state to `nil` for ``dismiss`` once the parent has seen it.
public enum PresentationAction<Action> {
  /// Dismisses the child: its state becomes `nil` and its effects end. The parent sees the action first, with
  /// the child still there.
  case dismiss

  /// An action of the presented child, run by the child's reducer, then seen by the parent.
  indirect case presented(Action)

  /// The case path of ``presented(_:)``, to reach a child's actions: in a `receive`, for example.
  @inlinable
  public static var presentedCase: CasePath<Self, Action> {
    CasePath(embed: Self.presented) { if case .presented(let action) = $0 { action } else { nil } }
  }

  /// The case path of ``dismiss``.
  @inlinable
  public static var dismissCase: CasePath<Self, Void> {
    CasePath(embed: { _ in Self.dismiss }) { if case .dismiss = $0 { () } else { nil } }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
