/// What a reducer asked of the world for one action, counted without running any of it: the effects that
/// send at once, the asynchronous ones, and the cancellations.
///
/// A recording holds one for each step (`"effects":{"run":1}`; none when the reducer returned no effect), and
/// a replay compares it with the replayed reducer's: effects are not run on replay, their results come from
/// the recording, so a reducer that stops starting a request, or starts one more, is caught at the step it
/// happens even when the state it leaves is the same.
///
/// ```swift
/// let effects: [Effect<Int>] = [.send(1), .run { send in await send(2) }]
/// let text = EffectSummary(effects).description  // "1 immediate effect, 1 asynchronous effect"
/// ```
public struct EffectSummary: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Effects that run at once, on the store's actor: ``Effect/send(_:)``, ``Effect/sync(_:)``,
  /// ``Effect/fireAndForget(_:)``.
  public var sync: Int
  /// Asynchronous effects: ``Effect/run(priority:operation:catch:fileID:line:)`` and what builds on it.
  public var run: Int
  /// Cancellations: ``Effect/cancel(id:)`` and its variants. The cancellation by which `ifLet` or `forEach`
  /// ends the effects of a child that went away is the library's, not the reducer's, and follows from the
  /// state, which a replay compares anyway: it is not counted.
  public var cancel: Int

  /// No effect at all.
  public static let noEffect = EffectSummary(sync: 0, run: 0, cancel: 0)

  /// A summary of these counts.
  public init(sync: Int, run: Int, cancel: Int) {
    self.sync = sync
    self.run = run
    self.cancel = cancel
  }

  /// The summary of `effects`, as a reducer returned them; concatenated effects count piece by piece.
  public init<Action>(_ effects: [Effect<Action>]) {
    self = .noEffect
    for effect in effects {
      add(effect)
    }
  }

  /// The summary of one effect, as a ``ReducerProtocol`` returns it.
  public init<Action>(_ effect: Effect<Action>) {
    self = .noEffect
    add(effect)
  }

  private mutating func add<Action>(_ effect: Effect<Action>) {
    for piece in effect.pieces {
      switch piece {
      case .sync: sync += 1
      case .run: run += 1
      case let .cancel(id): cancel += id.isChildScope ? 0 : 1
      case let .concatenate(concatenation):
        for inner in concatenation.effects {
          add(inner)
        }
      }
    }
  }

  /// Whether there is no effect at all.
  public var isNone: Bool { self == .noEffect }

  /// `no effect`, or the counts in words: `1 immediate effect, 2 asynchronous effects, 1 cancellation`.
  public var description: String {
    guard !isNone else { return "no effect" }
    func count(_ number: Int, _ noun: String) -> String? {
      number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    return [count(sync, "immediate effect"), count(run, "asynchronous effect"), count(cancel, "cancellation")]
      .compactMap { $0 }.joined(separator: ", ")
  }

  // Encoded without its zero counts: `{"run":1}`.
  private enum CodingKeys: String, CodingKey {
    case sync, run, cancel
  }

  /// Decodes the counts; a count left out is 0, a negative one is refused.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func count(_ key: CodingKeys) throws -> Int {
      let value = try container.decodeIfPresent(Int.self, forKey: key) ?? 0
      guard value >= 0 else {
        throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a negative count")
      }
      return value
    }
    self.init(sync: try count(.sync), run: try count(.run), cancel: try count(.cancel))
  }

  /// Encodes the counts that are not 0.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if sync != 0 { try container.encode(sync, forKey: .sync) }
    if run != 0 { try container.encode(run, forKey: .run) }
    if cancel != 0 { try container.encode(cancel, forKey: .cancel) }
  }
}
