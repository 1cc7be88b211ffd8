extension Effect {
  /// Marks the effect's asynchronous work as cancellable by `id`, for example to stop a long computation.
  ///
  /// Ids are scoped to the store that runs the effect. With `cancelInFlight`, any work already running under
  /// the same id is cancelled before this one starts, so at most one runs at a time. Synchronous work finishes
  /// before anything could cancel it and is unaffected.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let id = CancelID(id)
    let marked = pieces.map { piece -> Piece in
      guard case var .run(run) = piece else { return piece }
      run.cancelIDs.append(id)
      return .run(run)
    }
    return Self(pieces: cancelInFlight ? [.cancel(id)] + marked : marked)
  }

  /// An effect that cancels all asynchronous work running under `id` in the store that runs it.
  ///
  /// Cancelling an id with nothing running is not an error.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(pieces: [.cancel(CancelID(id))])
  }
}
