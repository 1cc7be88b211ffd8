import CPlatform
import Glibc

/// Swaps the files at `first` and `second` in one step (Linux's `renameat2` with `RENAME_EXCHANGE`): each then
/// has the other's name, and at no moment is either name missing or a file replaced, so a file that another
/// program put at either name is never lost, only moved to the other.
///
/// Returns nil when done, else the `errno`: `EINVAL` or `EOPNOTSUPP` where the file system cannot exchange
/// (some network and FUSE file systems), `ENOENT` when either name is missing.
public func exchangePaths(_ first: String, _ second: String) -> Int32? {
  c_platform_exchange_paths(first, second) == 0 ? nil : errno
}
