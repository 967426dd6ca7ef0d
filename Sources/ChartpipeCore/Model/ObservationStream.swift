/// A source of observations read in batches, so that memory is bounded by the batch, not the file.
///
/// A stream is a resource with a lifetime (an open file, a C parser): it is used by one thread.
public protocol ObservationStream: AnyObject {
    /// The x type of every observation.
    var xType: XType { get }
    /// Series names in order of first appearance; grows as batches are read.
    var seriesNames: [String] { get }
    /// Category labels of x in order of first appearance (category x only); grows as batches are read.
    var categories: [String] { get }
    /// The path of the source file, for messages.
    var sourcePath: String { get }
    /// The next batch, or `nil` at the end. Throws a `ChartError` naming file, line and field.
    func next() throws -> ObservationBatch?
    /// Records read so far (data rows after the header, or JSON records), skipped ones included.
    var recordsRead: Int { get }
    /// Records skipped under `onError: skip`.
    var recordsSkipped: Int { get }
    /// Warnings gathered so far (for example the first positions of skipped rows).
    var warnings: [Diagnostic] { get }
}
