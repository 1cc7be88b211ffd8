import Platform

/// Checks for common argument shapes, with the error messages users see; for writing `CommandSpec` parsers.
///
/// Numbers are read without ever trapping: a number too large for `Int` is an error that says so. User
/// input repeated in a message goes through `Echo.quote`.
public enum Arguments {
  /// Succeeds when `arguments` is empty; otherwise fails with `'save' takes no arguments: type 'save' alone.`
  public static func none(_ arguments: [String], command: String) -> Result<Void, CommandError> {
    guard arguments.isEmpty else {
      return .failure(CommandError("'\(command)' takes no arguments: type '\(command)' alone."))
    }
    return .success(())
  }

  /// Exactly one whole number from 1 to `maximum`.
  ///
  /// Messages, with `needs` being for example `"a number like 'nth 5'"`: `'nth' needs a number like 'nth 5'.`
  /// when nothing is given, `'nth' needs a number like 'nth 5'; got 2 arguments.`, and otherwise those of
  /// `positiveIntegers`.
  public static func positiveInteger(
    _ arguments: [String],
    command: String,
    needs: String,
    maximum: Int = .max
  ) -> Result<Int, CommandError> {
    guard let word = arguments.first else {
      return .failure(CommandError("'\(command)' needs \(needs)."))
    }
    guard arguments.count == 1 else {
      return .failure(CommandError("'\(command)' needs \(needs); got \(arguments.count) arguments."))
    }
    return positive(word, command: command, needs: needs, maximum: maximum)
  }

  /// Exactly one whole number, of any sign, that fits in `Int`.
  ///
  /// Messages, with `needs` being for example `"a number like 'set 42'"`: `'set' needs a number like 'set 42'.`
  /// when nothing is given, `…; got 2 arguments.`, `…; 'x' is not a number.`, and `…; '-99999999999999999999'
  /// is smaller than -9223372036854775808.`
  public static func integer(_ arguments: [String], command: String, needs: String) -> Result<Int, CommandError> {
    guard let word = arguments.first else {
      return .failure(CommandError("'\(command)' needs \(needs)."))
    }
    guard arguments.count == 1 else {
      return .failure(CommandError("'\(command)' needs \(needs); got \(arguments.count) arguments."))
    }
    let problem: String
    switch WholeNumber(word) {
    case .value(let number): return .success(number)
    case .tooLarge: problem = "is larger than \(Int.max)"
    case .tooSmall: problem = "is smaller than \(Int.min)"
    case .notANumber: problem = "is not a number"
    }
    return .failure(CommandError("'\(command)' needs \(needs); \(Echo.quote(word)) \(problem)."))
  }

  /// One or more whole numbers, each from 1 to `maximum`, in the order given.
  ///
  /// With `needs` being for example `"positions like 'delete 2 3'"`, the messages are
  /// `'delete' needs positions like 'delete 2 3'.` when nothing is given, and otherwise name the first bad
  /// word: `'delete' needs positions like 'delete 2 3'; 'x' is not a number.`, `…; '0' is not a positive
  /// number.`, `…; '99999999999999999999' is larger than 9223372036854775807.`
  public static func positiveIntegers(
    _ arguments: [String],
    command: String,
    needs: String,
    maximum: Int = .max
  ) -> Result<[Int], CommandError> {
    guard !arguments.isEmpty else {
      return .failure(CommandError("'\(command)' needs \(needs)."))
    }
    var numbers: [Int] = []
    for word in arguments {
      switch positive(word, command: command, needs: needs, maximum: maximum) {
      case .success(let number): numbers.append(number)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(numbers)
  }

  /// `word` as a number from 1 to `maximum`, or the error naming it.
  private static func positive(
    _ word: String,
    command: String,
    needs: String,
    maximum: Int
  ) -> Result<Int, CommandError> {
    let problem: String
    switch WholeNumber(word) {
    case .value(let number) where number > maximum: problem = "is larger than \(maximum)"
    case .value(let number) where number >= 1: return .success(number)
    case .tooLarge: problem = "is larger than \(maximum)"
    case .value, .tooSmall: problem = "is not a positive number"
    case .notANumber: problem = "is not a number"
    }
    return .failure(CommandError("'\(command)' needs \(needs); \(Echo.quote(word)) \(problem)."))
  }
}
