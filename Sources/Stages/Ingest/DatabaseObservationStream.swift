import ChartpipeCore

/// A database statement's rows as observations (SPEC §3 `database`): the same batches, limits,
/// `onError` and messages as a file's, with values typed by the engine. Integers and reals are
/// numbers as they are; text is read as a file's cell would be (a time per the x spec, a number,
/// a category or series name); NULL is a gap. Errors name the query's column as the field and the
/// 1-based row of the result as the line.
final class DatabaseObservationStream: ObservationStream {
    let xType: XType
    let sourcePath: String
    private let rows: any DatabaseRows
    private var assembly: RecordAssembly
    private let batchSize: Int
    private let skip: Bool
    private var skipLog = SkipLog()
    private var nextRecord = 0
    private var finished = false
    /// Result columns of x, of the series (or -1) and of each y field.
    private let xColumn: Int
    private let seriesColumn: Int
    private let yColumns: [Int]
    private let columns: [String]
    /// Reads the engine's own date and timestamp text (ISO 8601) in the chart's zone, whatever x.format says.
    private var serverTime: TimeReader

    init(chart: ChartSpec, rows: any DatabaseRows, time: TimeReader, limits: IngestLimits, batchSize: Int) throws(ChartError) {
        xType = chart.x.type
        sourcePath = chart.source.displayPath
        self.rows = rows
        self.batchSize = batchSize
        var iso = chart
        iso.x.format = nil
        serverTime = chart.x.type == .time ? try Ingest.timeReader(for: iso) : time
        skip = chart.source.onError == .skip
        assembly = RecordAssembly(chart: chart, time: time, limits: limits)
        assembly.batch.reserveCapacity(batchSize + chart.y.fields.count)
        let columns = rows.columns
        self.columns = columns
        let at = SourceLocation(path: chart.source.displayPath)
        func column(_ name: String) throws(ChartError) -> Int {
            let matches = columns.indices.filter { columns[$0] == name }
            if matches.count > 1 {
                throw ChartError("the query gives \(matches.count) columns named '\(name)' (columns \(matches.map { String($0 + 1) }.joined(separator: ", "))); name each column once with AS",
                                 at: at, field: name)
            }
            guard let first = matches.first else {
                let listed = columns.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (columns.count > 20 ? ", …" : "")
                throw ChartError("the query gives no column '\(name)'; its columns are \(listed)\(Suggestion.didYouMean(name, in: columns))",
                                 at: at, field: name)
            }
            return first
        }
        xColumn = try column(chart.x.field)
        if let series = chart.seriesField { seriesColumn = try column(series) } else { seriesColumn = -1 }
        var ys: [Int] = []
        for name in chart.y.fields { ys.append(try column(name)) }
        yColumns = ys
    }

    var seriesNames: [String] { assembly.seriesNames }
    var categories: [String] { assembly.categories }
    var recordsRead: Int { nextRecord }
    var recordsSkipped: Int { skipLog.skipped }
    var warnings: [Diagnostic] { skipLog.summary(path: sourcePath) }

    func next() throws -> ObservationBatch? {
        try nextBatch()
    }

    func nextBatch() throws(ChartError) -> ObservationBatch? {
        guard !finished else { return nil }
        while assembly.batch.count < batchSize {
            guard try rows.step() else {
                finished = true
                break
            }
            let record = nextRecord
            nextRecord += 1
            if let problem = read(record: record) {
                guard skip, !assembly.passedSeriesLimit else { throw problem }
                skipLog.note(problem)
                continue
            }
            assembly.emit(record: record, line: record + 1)
        }
        if finished, assembly.batch.isEmpty { return nil }
        return try assembly.takeBatch(reserving: batchSize + yColumns.count, path: sourcePath)
    }

    /// Reads the current row into the assembly; the problem of a bad value, if any.
    private func read(record: Int) -> ChartError? {
        let line = record + 1
        func problem(_ message: String, _ k: Int) -> ChartError {
            ChartError(message, code: assembly.passedSeriesLimit ? .ingestTooManySeries : .ingestBadValue,
                       at: SourceLocation(path: sourcePath, line: line), field: columns[k])
        }
        if let message = setX(rows.value(xColumn)) { return problem(message, xColumn) }
        if seriesColumn >= 0, let message = assembly.setSeries(Self.label(rows.value(seriesColumn))) {
            return problem(message, seriesColumn)
        }
        for (i, k) in yColumns.enumerated() {
            switch rows.value(k) {
            case .null: assembly.ys[i] = .nan
            case let .integer(n): assembly.ys[i] = Double(n)
            case let .real(d): assembly.ys[i] = d
            case let .decimal(p, n), let .text(p?, n):
                switch DecimalNumber.decode(p, n) {
                case let .value(v): assembly.ys[i] = v
                case .gap: assembly.ys[i] = .nan
                case let .problem(message): return problem(message, k)
                }
            case .text(nil, _): assembly.ys[i] = .nan
            case .time, .wallClock: return problem("the column holds times, not numbers; y must be a number", k)
            case let .other(type): return problem("the column holds \(type) values, not numbers; y must be a number", k)
            }
        }
        return nil
    }

    private func setX(_ value: DatabaseValue) -> String? {
        switch (xType, value) {
        case (_, .null): return RecordAssembly.missingX
        case (.category, _): return assembly.setCategory(Self.label(value))
        case let (.time, .time(t)): assembly.x = t; return nil
        case let (.time, .wallClock(p, n)):
            switch serverTime.decode(p, n) {
            case let .value(v): assembly.x = v; return nil
            case .gap: return RecordAssembly.missingX
            case let .problem(message): return message
            }
        case let (.number, .integer(n)): assembly.x = Double(n); return nil
        case let (.number, .real(d)): assembly.x = d; return nil
        case let (_, .decimal(p, n)), let (_, .text(p?, n)), let (_, .wallClock(p, n)): return assembly.setX(p, n)
        case (_, .text(nil, _)): return RecordAssembly.missingX
        case (.time, .integer), (.time, .real):
            // Numbers are times under epoch-seconds or epoch-millis, read as their text would be.
            var text = Self.label(value)
            return text.withUTF8 { assembly.setX($0.baseAddress, $0.count) }
        case (.number, .time): return "the column holds times, not numbers; set \"type\": \"time\" in x"
        case let (_, .other(type)): return "the column holds \(type) values, which cannot be an x"
        }
    }

    /// A value as a category or series name: text as it is, numbers as they read.
    static func label(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return ""
        case let .integer(n): return String(n)
        case let .real(d): return d == d.rounded(.towardZero) && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case let .decimal(p, n), let .text(p?, n), let .wallClock(p, n): return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        case .text(nil, _): return ""
        case let .time(t): return "\(t)"
        case let .other(type): return type
        }
    }
}
