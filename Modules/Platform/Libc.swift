// The one place PrimeTime imports the C library.
//
// `@_exported`, not a curated list of wrappers: the modules above need a wide and changing slice of libc
// (files and `stat`, `posix_spawn`, `termios`, signals, `poll`, time zones, the maths of the nth-prime
// engine's clients), and a wrapper for each call would be hundreds of lines that say nothing new. A module
// that writes `import Platform` (internal, as every import in this package is by default) sees Glibc in its
// own files and passes none of it on to its importers.
//
// Linux with glibc is the one platform PrimeTime supports and tests. The signal code reads glibc-only
// fields (`sigaction.__sigaction_handler`), so there is no Darwin or Musl branch that could compile: another
// platform stops here with a clear message instead of at the first glibc-only line. The other files of this
// module import Glibc plainly, which this check makes safe.
#if os(Linux) && canImport(Glibc)
  @_exported public import Glibc
#else
  #error("PrimeTime supports Linux with glibc only (see Modules/Platform/Libc.swift)")
#endif
