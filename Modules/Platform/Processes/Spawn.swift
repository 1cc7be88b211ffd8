import Glibc

/// Starts `path` with `arguments` (after the path itself) and `environment` by `posix_spawn`, with the file
/// actions and attributes given; the child's process identifier, or the error number `posix_spawn` returned.
///
/// `ETXTBSY` is tried again, every 5 ms for about 200 ms: a binary or script just written is still open for
/// writing in a child another thread forked before its `exec` closed the descriptor, which passes in moments.
public func spawn(
  _ path: String,
  arguments: [String],
  environment: [String: String],
  actions: inout posix_spawn_file_actions_t,
  attributes: inout posix_spawnattr_t
) -> Result<pid_t, SpawnError> {
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  var result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  var tries = 1
  while result == ETXTBSY && tries < 40 {
    usleep(5_000)
    result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    tries += 1
  }
  return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
}

/// Why ``spawn(_:arguments:environment:actions:attributes:)`` started nothing: the error number.
public struct SpawnError: Error, Equatable, Sendable {
  /// The error number `posix_spawn` returned, such as `ENOENT` when there is no such file.
  public var code: Int32

  /// The error of this number.
  public init(code: Int32) {
    self.code = code
  }
}
