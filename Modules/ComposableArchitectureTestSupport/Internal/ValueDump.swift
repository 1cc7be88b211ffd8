import ComposableArchitecture

/// The library's rendering of values, which the trace uses too: failure messages and traces read alike.
typealias ValueDump = ComposableArchitecture.ValueDump
