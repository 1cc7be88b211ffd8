/// `count` with its thousands grouped by commas, as a count is shown to people: `1,000,000`, `-12,345`, `999`.
///
/// One rule for every count PrimeTime says: an import's progress and its result say the same number alike.
public func grouped(_ count: Int) -> String {
  let digits = String(count.magnitude)
  let head = digits.count % 3 == 0 ? 3 : digits.count % 3
  var text = String(digits.prefix(head))
  var rest = digits.dropFirst(head)
  while !rest.isEmpty {
    text += "," + rest.prefix(3)
    rest = rest.dropFirst(3)
  }
  return (count < 0 ? "-" : "") + text
}
