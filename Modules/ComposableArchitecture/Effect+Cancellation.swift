extension Effect {
  /// Marks the effect's asynchronous work as cancellable by `id`, for example to stop a long computation.
  ///
  /// Ids are scoped to the store that runs the effect. With `cancelInFlight`, any work already running under
  /// the same id is cancelled before this one starts, so at most one runs at a time. Synchronous work finishes
  /// before anything could cancel it and is unaffected.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let id = CancelID(id)
    let marked = marked(with: id)
    return Self(pieces: cancelInFlight ? [.cancel(id)] + marked.pieces : marked.pieces)
  }

  /// This effect with its asynchronous work, that of concatenated effects included, cancellable by `id`.
  private func marked(with id: CancelID) -> Self {
    Self(
      pieces: pieces.map { piece -> Piece in
        switch piece {
        case var .run(run):
          run.cancelIDs.append(id)
          return .run(run)
        case var .concatenate(concatenation):
          concatenation.cancelIDs.append(id)
          concatenation.effects = concatenation.effects.map { $0.marked(with: id) }
          return .concatenate(concatenation)
        case .sync, .cancel:
          return piece
        }
      }
    )
  }

  /// An effect that cancels all asynchronous work running under `id` in the store that runs it.
  ///
  /// Cancelling an id with nothing running is not an error. Inside an effect, `Task.cancel(id:)` does the
  /// same, and ``withTaskCancellation(id:cancelInFlight:fileID:line:operation:)`` makes a part of an effect's
  /// work cancellable by an id.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(pieces: [.cancel(CancelID(id))])
  }
}
