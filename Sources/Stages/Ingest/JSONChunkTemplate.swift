import ChartpipeCore

/// What the readers of a JSON Lines file's later chunks start from (`ChunkedStream`).
struct JSONChunkTemplate: @unchecked Sendable {
    let chart: ChartSpec
    let time: TimeReader
    let limits: IngestLimits
    let batchSize: Int
    let bytesPerBatch: Int
    let file: OpenFile
}
