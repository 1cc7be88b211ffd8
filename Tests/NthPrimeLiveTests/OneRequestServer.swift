import Dispatch
import Foundation

/// A plain-HTTP server on 127.0.0.1 that takes one request, keeps its first line, and answers 200 with a body:
/// what the real `primetime-wolfram-alpha` sends, seen without the network.
final class OneRequestServer: Sendable {
  /// The port it listens on.
  let port: Int
  private let descriptor: Int32

  /// Listens on a free port of 127.0.0.1; `nil` when the system refuses a socket.
  init?() {
    // Close-on-exec: the processes other tests start meanwhile must not inherit it.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(fd, socketAddress, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, socketAddress, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      return nil
    }
    descriptor = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(descriptor)
  }

  /// Waits up to `seconds` for one connection, reads its request head, answers `body` with status 200 and
  /// closes it; returns the request's first line (`GET /path?query HTTP/1.1`), or `nil` when none came.
  ///
  /// It blocks a thread of its own, not one of the cooperative pool's.
  func answerOneRequest(with body: String, waitingUpTo seconds: Int32) async -> String? {
    let descriptor = descriptor
    return await withCheckedContinuation { continuation in
      DispatchQueue(label: "OneRequestServer").async {
        continuation.resume(returning: Self.serve(descriptor, body: body, timeout: seconds * 1000))
      }
    }
  }

  private static func serve(_ listening: Int32, body: String, timeout: Int32) -> String? {
    var waiting = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
    guard poll(&waiting, 1, timeout) == 1 else { return nil }
    let connection = accept(listening, nil, nil)
    guard connection >= 0 else { return nil }
    // Not atomically (Swift's Glibc has no accept4): a child another test starts in between may inherit it,
    // which the answer's Content-Length makes harmless.
    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
    defer { close(connection) }
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.ends(with: Array("\r\n\r\n".utf8)) && head.count < 65_536 {
      var readable = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&readable, 1, timeout) == 1 else { return nil }
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      head += buffer[..<count]
    }
    let response = Array(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        .utf8
    ) + Array("Connection: close\r\n\r\n\(body)".utf8)
    var offset = 0
    while offset < response.count {
      let written = response.withUnsafeBytes { write(connection, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
      guard written > 0 else { break }
      offset += written
    }
    return String(decoding: head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
  }
}

extension Array where Element == UInt8 {
  /// Whether the array ends with `suffix`.
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
