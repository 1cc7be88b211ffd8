import Platform

/// The file `--record FILE` writes: always a new one.
public enum RecordingFile {
  /// Why `path` can't be a new recording, in one line without its full stop, saying what to do; nil when no
  /// file is there.
  ///
  /// A recording never replaces a file (the recorder creates it with `O_EXCL`, so one made after this check is
  /// refused too): anything at `path`, a symbolic link or a directory included, is refused. A program checks this
  /// before it opens or makes anything else, so that a refused run changes nothing. `-`, which `--log` takes
  /// for standard error, is refused too: a recording goes to a file, never to a standard stream.
  public static func refusal(at path: String) -> String? {
    if path == "-" {
      return "'--record' writes a file, not a standard stream; give a file's path, like '--record run.jsonl' "
        + "(or './-' for a file named '-')"
    }
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return "the recording file \(path) already exists, and '--record' never replaces a file; choose another "
      + "path for '--record'"
  }
}
