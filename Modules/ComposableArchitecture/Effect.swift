/// Work a reducer asks the store to do after it has changed the state, and the actions that work sends back.
///
/// Effects are lazy: building one runs nothing. A ``Store`` (or the test helpers) runs an effect's pieces in
/// order right after the reducer returns it:
/// - synchronous work (``sync(_:)``, ``send(_:)``, ``fireAndForget(_:)``) runs at once, on the store's actor,
///   and its action joins the store's queue behind every action already waiting;
/// - asynchronous work (``run(priority:operation:catch:fileID:line:)``) runs in its own task, off the main
///   actor, and sends zero or more actions back through ``Send``.
///
/// Every effect runs with the dependencies that were in effect when it was created, even though it runs
/// after the reducer returned: an effect returned under ``ReducerProtocol/dependency(_:_:)`` sees the override.
///
/// Several effects merge into one with ``merge(_:)-(Effect<Action>...)``, or run one after another with
/// ``concatenate(_:fileID:line:)-(Effect<Action>...,_,_)``; ``map(_:)`` turns a child feature's effect
/// into its parent's, which is how ``pullback(_:value:action:environment:)`` embeds a child reducer.
public struct Effect<Action> {
  @usableFromInline
  enum Piece {
    case sync(() -> Action?)
    case run(Run)
    case cancel(CancelID)
    case concatenate(Concatenation)
  }

  /// Effects to run one after another, made by ``concatenate(_:fileID:line:)-(Effect<Action>...,_,_)``.
  @usableFromInline
  struct Concatenation {
    @usableFromInline var effects: [Effect<Action>]
    /// The ids the sequence as a whole is cancellable by; its effects carry them too.
    @usableFromInline var cancelIDs: [CancelID]
    @usableFromInline var location: SourceLocation

    @inlinable
    init(effects: [Effect<Action>], cancelIDs: [CancelID], location: SourceLocation) {
      self.effects = effects
      self.cancelIDs = cancelIDs
      self.location = location
    }
  }

  @usableFromInline
  struct Run: Sendable {
    @usableFromInline var priority: TaskPriority?
    @usableFromInline var operation: @Sendable (Send<Action>) async throws -> Void
    @usableFromInline var cancelIDs: [CancelID]
    @usableFromInline var location: SourceLocation

    @inlinable
    init(
      priority: TaskPriority?,
      operation: @escaping @Sendable (Send<Action>) async throws -> Void,
      cancelIDs: [CancelID],
      location: SourceLocation
    ) {
      self.priority = priority
      self.operation = operation
      self.cancelIDs = cancelIDs
      self.location = location
    }
  }

  @usableFromInline var pieces: [Piece]

  @inlinable
  init(pieces: [Piece]) {
    self.pieces = pieces
  }
}

extension Effect {
  /// An effect that does nothing; the usual return value of a reducer that only changes state.
  @inlinable
  public static var none: Self { Self(pieces: []) }

  /// An effect that computes one action synchronously when the store runs it.
  ///
  /// The work runs on the store's actor, after the reducer has returned, never while building the effect.
  /// Keep it short: a slow computation belongs in ``run(priority:operation:catch:fileID:line:)``.
  @inlinable
  public static func sync(_ work: @escaping () -> Action) -> Self {
    let dependencies = DependencyValues.current
    return Self(pieces: [.sync { DependencyValues.withCaptured(dependencies, operation: work) }])
  }

  /// An effect that sends one action back to the store right away.
  ///
  /// The action is queued behind every action already waiting, so it is reduced after the current one.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(pieces: [.sync { action }])
  }

  /// An effect that does synchronous work and sends nothing back, such as writing a log line.
  @inlinable
  public static func fireAndForget(_ work: @escaping () -> Void) -> Self {
    let dependencies = DependencyValues.current
    return Self(pieces: [
      .sync {
        DependencyValues.withCaptured(dependencies, operation: work)
        return nil
      }
    ])
  }

  /// An effect that runs asynchronous work in its own task and sends zero or more actions through `send`.
  ///
  /// The operation runs off the main actor. It ends when the closure returns; cancelling it (through
  /// ``cancel(id:)``, ``StoreTask/cancel()`` or the store going away) cancels its task, so long work should
  /// check `Task.isCancelled` or call `try Task.checkCancellation()` now and then.
  ///
  /// A thrown `CancellationError` is expected and ignored. Any other error goes to `handler`; without one,
  /// it is reported as a runtime warning (a test failure under the test helpers) naming `fileID` and `line`,
  /// never silently dropped.
  ///
  /// Both closures are `@Sendable` and run later, in another task: copy what they need out of the state into
  /// locals first, and capture dependencies in the capture list rather than through `self`, which is
  /// `Sendable` only while every stored property is (and never implicitly for a `public` type):
  ///
  /// ```swift
  /// case .searchButtonTapped:
  ///   state.isSearching = true
  ///   state.prime = nil
  ///   state.problem = nil
  ///   let number = state.number
  ///   return .run { [primeSearch] send in
  ///     await send(.searchResponse(try await primeSearch.nextPrime(number)))
  ///   } catch: { _, send in
  ///     await send(.searchFailed("There is no prime above \(number) that fits in an Int."))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let dependencies = DependencyValues.current
    let body: @Sendable (Send<Action>) async throws -> Void = { send in
      try await DependencyValues.local.withValue(dependencies) {
        guard let handler else {
          return try await operation(send)
        }
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          await handler(error, send)
        }
      }
    }
    return Self(pieces: [
      .run(
        Run(
          priority: priority,
          operation: body,
          cancelIDs: [],
          location: SourceLocation(fileID: fileID, line: line)
        )
      )
    ])
  }

  /// Combines effects into one that runs each of them, in the order given.
  ///
  /// Synchronous work runs in that order; asynchronous work starts in that order and then runs concurrently.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Combines a sequence of effects into one that runs each of them, in order.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    Self(pieces: effects.flatMap(\.pieces))
  }

  /// Combines this effect with another that runs after it starts.
  @inlinable
  public func merge(with other: Self) -> Self {
    Self(pieces: pieces + other.pieces)
  }

  /// Transforms every action the effect sends, typically to embed a child feature's action in its parent's.
  ///
  /// `transform` runs with the dependencies in effect where the effect it is given to was made, as the effect's
  /// own work does: for an action of ``send(_:)`` or ``sync(_:)``, those in effect where `map` is called (so a
  /// `map` returned under ``ReducerProtocol/dependency(_:_:)`` sees the override, and each `map` of a chain sees
  /// its own scope); for an action a ``run(priority:operation:catch:fileID:line:)`` sends, those the run
  /// captured, since the transform runs where `send` is called.
  @inlinable
  public func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    if pieces.isEmpty {
      return .none
    }
    return mapPieces(transform, capturing: hasSynchronousWork ? DependencyValues.current : nil)
  }

  /// This effect with every action embedded by `embed`, a case path's pure embedding, which needs no
  /// dependencies: what the library's scoping reducers use instead of ``map(_:)``, to capture nothing.
  @inlinable
  func embedded<NewAction>(by embed: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    if pieces.isEmpty {
      return .none
    }
    return mapPieces(embed, capturing: nil)
  }

  /// Whether a piece of the effect computes an action synchronously, directly or in a concatenation.
  @inlinable
  var hasSynchronousWork: Bool {
    pieces.contains { piece in
      switch piece {
      case .sync, .concatenate: true
      case .run, .cancel: false
      }
    }
  }

  /// This effect with every action transformed by `transform`: for the actions of its synchronous pieces,
  /// with `dependencies` in effect, when given.
  @inlinable
  func mapPieces<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    capturing dependencies: DependencyValues?
  ) -> Effect<NewAction> {
    Effect<NewAction>(
      pieces: pieces.map { piece in
        switch piece {
        case let .sync(work):
          guard let dependencies else {
            return .sync { work().map(transform) }
          }
          return .sync {
            work().map { action in DependencyValues.withCaptured(dependencies) { transform(action) } }
          }
        case let .run(run):
          let operation = run.operation
          return .run(
            .init(
              priority: run.priority,
              operation: { send in try await operation(send.map(transform)) },
              cancelIDs: run.cancelIDs,
              location: run.location
            )
          )
        case let .cancel(id):
          return .cancel(id)
        case let .concatenate(concatenation):
          return .concatenate(
            .init(
              effects: concatenation.effects.map { $0.mapPieces(transform, capturing: dependencies) },
              cancelIDs: concatenation.cancelIDs,
              location: concatenation.location
            )
          )
        }
      }
    )
  }
}
