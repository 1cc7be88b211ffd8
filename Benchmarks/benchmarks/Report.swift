/// Formats measurements for the terminal (an aligned table) or for tools (a JSON array).
///
/// Times are in nanoseconds per operation. The table is built a row at a time so results can be printed as
/// each benchmark finishes; pass every row the same `nameWidth`.
enum Report {
  private static let numberWidth = 12

  /// The table's header line for names up to `nameWidth` characters.
  static func tableHeader(nameWidth: Int) -> String {
    padRight("name", nameWidth)
      + ["ns/op median", "min", "max", "iterations"].map { padLeft($0, numberWidth) }.joined(separator: "  ")
  }

  /// The table row for `measurement`.
  static func tableRow(_ measurement: Measurement, nameWidth: Int) -> String {
    let cells = [
      fixed(measurement.median, decimals: 2),
      fixed(measurement.min, decimals: 2),
      fixed(measurement.max, decimals: 2),
      String(measurement.iterations),
    ]
    return padRight(measurement.name, nameWidth) + cells.map { padLeft($0, numberWidth) }.joined(separator: "  ")
  }

  /// The width of the name column for `names`: the longest name plus a gap.
  static func nameWidth(for names: [String]) -> Int {
    (names.map(\.count).max() ?? 0) + 2
  }

  /// A JSON array with one object per measurement, in order.
  static func json(_ measurements: [Measurement]) -> String {
    let objects = measurements.map { measurement in
      let fields = [
        "\"name\": \(jsonString(measurement.name))",
        "\"ns_per_op\": \(jsonNumber(measurement.median))",
        "\"min_ns\": \(jsonNumber(measurement.min))",
        "\"max_ns\": \(jsonNumber(measurement.max))",
        "\"iterations\": \(measurement.iterations)",
        "\"runs\": \(measurement.runs)",
      ]
      return "  {" + fields.joined(separator: ", ") + "}"
    }
    return objects.isEmpty ? "[]" : "[\n" + objects.joined(separator: ",\n") + "\n]"
  }

  /// `value` with exactly `decimals` digits after the point, rounded half away from zero.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return String(value) }
    let units = Int(scaled)
    let divisor = Int(scale)
    let whole = String(units / divisor)
    let sign = value < 0 && units != 0 ? "-" : ""
    guard decimals > 0 else { return sign + whole }
    let fraction = String(units % divisor)
    return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  /// `value` as a JSON number with 3 decimals, or `null` when it is not finite.
  static func jsonNumber(_ value: Double) -> String {
    value.isFinite ? fixed(value, decimals: 3) : "null"
  }

  /// `string` as a JSON string literal, quoted and escaped.
  static func jsonString(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
