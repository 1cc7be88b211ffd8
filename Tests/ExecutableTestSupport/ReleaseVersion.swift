/// The version every executable of the package prints after its name for `--version`: `primetime 0.7.0`.
///
/// Each program declares its version beside its flags; the tests of each compare it with this one value, so
/// the programs cannot drift apart.
public let releaseVersion = "0.7.0"
