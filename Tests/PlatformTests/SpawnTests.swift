import Platform
import Testing

/// `spawn`: a child started with the arguments and environment given, or the error number.
@Suite(.timeLimit(.minutes(1)))
struct SpawnTests {
  /// Spawns `path` with standard output and error to /dev/null; its exit status, or the spawn's error.
  private func exitStatus(_ path: String, _ arguments: [String], environment: [String: String] = [:]) -> Result<Int32, SpawnError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    return spawn(path, arguments: arguments, environment: environment, actions: &actions, attributes: &attributes)
      .map { pid in
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xFF
      }
  }

  @Test func aChildGetsItsArgumentsAndItsEnvironment() {
    #expect(exitStatus("/bin/sh", ["-c", "exit $1", "sh", "7"]) == .success(7))
    #expect(exitStatus("/bin/sh", ["-c", #"[ "$GREETING" = hello ]"#], environment: ["GREETING": "hello"]) == .success(0))
    #expect(exitStatus("/bin/sh", ["-c", #"[ -z "$HOME" ]"#], environment: [:]) == .success(0))
  }

  @Test func aMissingFileIsTheSystemsError() {
    #expect(exitStatus("/nonexistent/program", []) == .failure(SpawnError(code: ENOENT)))
  }
}
