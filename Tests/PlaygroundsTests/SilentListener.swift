import Platform

/// A TCP socket listening on 127.0.0.1 that never accepts: the kernel completes each connection, and no byte
/// ever comes back. As a proxy it makes every request wait until the client's own timeout.
final class SilentListener {
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
        bind(fd, socketAddress, length) == 0 && listen(fd, 16) == 0
          && getsockname(fd, socketAddress, &length) == 0
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
}
