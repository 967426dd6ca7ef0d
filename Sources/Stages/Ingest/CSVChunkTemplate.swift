import ChartpipeCore

/// What the readers of a CSV file's later chunks start from (`ChunkedStream`).
struct CSVChunkTemplate: @unchecked Sendable {
    let chart: ChartSpec
    let time: TimeReader
    let limits: IngestLimits
    let batchSize: Int
    let bytesPerBatch: Int
    let columns: [String]
    let roles: [Int32]
    let needed: Int
    let file: OpenFile
}
