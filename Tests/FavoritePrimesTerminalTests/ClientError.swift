/// An error whose description is the reason a client gives.
struct ClientError: Error, CustomStringConvertible {
  let description: String
}
