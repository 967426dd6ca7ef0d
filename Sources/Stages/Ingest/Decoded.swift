import ChartpipeCore

/// What a cell or JSON string says as a number: a value, a gap, or a problem to report.
enum Decoded: Equatable {
    case value(Double)
    case gap
    case problem(String)
}
