import ComposableArchitecture

/// The library's line diff, whose lines the trace writes the same way.
typealias LineDiff = ComposableArchitecture.LineDiff
