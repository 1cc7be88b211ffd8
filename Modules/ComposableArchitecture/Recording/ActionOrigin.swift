/// Where an action a store reduced came from: sent to the store, or sent back by one of its effects.
///
/// A recording marks every step with it (`"origin":"user"` or `"origin":"effect"`). An action is `user`
/// when it was passed to ``Store/send(_:)`` (of the store or of one scoped from it), whoever called it;
/// `effect` when an effect of the store sent it, synchronously (``Effect/send(_:)``, ``Effect/sync(_:)``)
/// or through the ``Send`` of an asynchronous one.
public enum ActionOrigin: String, Sendable, Codable, Equatable {
  /// The action was sent to the store.
  case user
  /// An effect of the store sent the action back.
  case effect
}
