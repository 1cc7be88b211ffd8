public import ComposableArchitecture

/// A feature in a module of its own, whose action's case paths are declared in the three ways a test in
/// another module can name them: a `static let` in an extension, a computed `static var` in an extension, and
/// a `static let` in the enum's body (on ``Echo``).
public struct Metronome: ReducerProtocol {
  /// The ticks counted so far.
  public struct State: Equatable, Sendable {
    /// How many ticks arrived.
    public var ticks = 0

    /// A metronome that has counted nothing.
    public init() {}
  }

  /// What the metronome does.
  public enum Action: Equatable, Sendable {
    /// Sends one tick of 1 and one echo of "tock".
    case startTapped
    /// Counts `n` ticks.
    case tick(Int)
    /// Arrives after the tick; changes nothing.
    case echo(Echo)
  }

  /// An action declared with its case path in its own body.
  public enum Echo: Equatable, Sendable {
    /// A word.
    case word(String)

    /// The `word` case, declared in the enum's body.
    public static let wordCase = CasePath(Echo.word) { if case .word(let word) = $0 { word } else { nil } }
  }

  /// A metronome.
  public init() {}

  /// Counts ticks; starting sends one tick, then one echo.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .concatenate(.send(.tick(1)), .send(.echo(.word("tock"))))
      case .tick(let n):
        state.ticks += n
        return .none
      case .echo:
        return .none
      }
    }
  }
}

extension Metronome.Action {
  /// The `tick` case, as a `static let` in an extension: name it by value, never by key path.
  public static let tickCase = CasePath(Metronome.Action.tick) { if case .tick(let n) = $0 { n } else { nil } }

  /// The `tick` case, as a computed `static var` in an extension: a key path to it is safe.
  public static var tickComputedCase: CasePath<Metronome.Action, Int> {
    CasePath(Metronome.Action.tick) { if case .tick(let n) = $0 { n } else { nil } }
  }

  /// The `echo` case, as a computed `static var` in an extension.
  public static var echoCase: CasePath<Metronome.Action, Metronome.Echo> {
    CasePath(Metronome.Action.echo) { if case .echo(let echo) = $0 { echo } else { nil } }
  }
}
