import ChartpipeCore

/// The rows of a database statement, one at a time: what a `DatabaseSource` of each engine gives
/// the database stream, so that only the source touches its C library.
protocol DatabaseRows: AnyObject {
    /// The result's column names, in order.
    var columns: [String] { get }
    /// Moves to the next row; false after the last. Throws the engine's message as a chart error.
    func step() throws(ChartError) -> Bool
    /// Column `k` of the current row.
    func value(_ k: Int) -> DatabaseValue
}
