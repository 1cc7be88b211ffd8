extension ReducerProtocol {
  /// This reducer, writing every action it reduces with the change it made to the state, to standard error
  /// unless another trace is given: TCA 1.x's debugging aid.
  ///
  /// ```swift
  /// let store = Store(initialState: Tally.State()) {
  ///   Tally()._printChanges()
  /// }
  /// ```
  ///
  /// Each entry is the action, then a diff of the state, as ``Trace`` writes it, in one write. Put it outermost
  /// to see the whole state. Meant for debugging: remove it before you ship. For a trace that can be switched
  /// on and off, use ``traced(to:)`` with a trace you keep.
  @inlinable
  public func _printChanges(_ trace: Trace = .standardError) -> TracedReducer<Self> {
    traced(to: trace)
  }
}

extension Trace {
  /// A trace that writes each entry, with a final newline, to standard error.
  public static var standardError: Trace {
    writing(toDescriptor: CLibrary.standardError)
  }

  /// A trace that writes each entry, with a final newline, to the open file `descriptor`, in one write
  /// (again after a partial write); a failed write is dropped.
  public static func writing(toDescriptor descriptor: Int32) -> Trace {
    Trace { entry in
      _ = CLibrary.writeWhole(entry + "\n", to: descriptor)
    }
  }
}
