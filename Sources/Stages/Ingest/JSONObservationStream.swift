import CJansson
import ChartpipeCore
import ChartpipeJSON

/// JSON and JSON Lines records decoded into observations (SPEC §1, §3, §8): the framer
/// (`JSONRecordFramer`) gives each record as a jansson value with its position, and this reader
/// finds the chart's fields in it, reads x, the series and the y values, and rejects or skips a
/// record that does not hold them. Duplicate member names keep the last value (jansson).
final class JSONObservationStream: ChunkReader {

    let xType: XType
    let sourcePath: String
    private let chart: ChartSpec
    private let framer: JSONRecordFramer
    private let limits: IngestLimits
    private let batchSize: Int
    private let bytesPerBatch: Int
    private let isLines: Bool
    private var assembly: RecordAssembly
    private let xPath: FieldPath
    private let yPaths: [FieldPath]
    private let seriesPath: FieldPath?
    private var record = 0
    private var skipLog = SkipLog()
    private var ended = false
    /// The time reader as the chart made it, for the readers of later chunks.
    private let time: TimeReader
    /// JSON Lines in chunks (`ChunkedStream`): where this reader pauses; `Int.max` for none.
    var stopAt: Int { framer.stopAt }
    var paused: Bool { framer.paused }
    /// This reader starts at the file's start (the first record stands in for a header).
    private var isLeader = true
    /// A skipped record's message names its index, which counts from this reader's start.
    private var indexInMessage = false

    convenience init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int) throws(ChartError) {
        let bytes = try FileBytes(path: chart.source.path, displayPath: chart.source.displayPath, maxBytes: limits.maxFileBytes)
        self.init(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch, bytes: bytes)
    }

    private init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int, bytes: FileBytes,
                 started: Bool = false) {
        xType = chart.x.type
        self.time = time
        sourcePath = chart.source.displayPath
        self.chart = chart
        self.limits = limits
        self.batchSize = batchSize
        self.bytesPerBatch = bytesPerBatch
        isLines = chart.source.format == .jsonl
        assembly = RecordAssembly(chart: chart, time: time, limits: limits)
        assembly.batch.reserveCapacity(batchSize + chart.y.fields.count)
        xPath = FieldPath(chart.x.field)
        yPaths = chart.y.fields.map(FieldPath.init)
        seriesPath = chart.seriesField.map(FieldPath.init)
        framer = JSONRecordFramer(source: chart.source, limits: limits, bytes: bytes, started: started)
    }

    // MARK: Chunks of JSON Lines (ChunkedStream)

    /// A reader of the lines `start..<stop`; `start` begins a line (every line feed ends a record:
    /// JSON text holds none inside a string).
    static func chunk(of template: JSONChunkTemplate, from start: Int, to stop: Int) throws(ChartError) -> JSONObservationStream {
        let bytes = FileBytes(file: template.file, displayPath: template.chart.source.displayPath, from: start)
        let reader = JSONObservationStream(chart: template.chart, time: template.time, limits: template.limits,
                                           batchSize: template.batchSize, bytesPerBatch: template.bytesPerBatch, bytes: bytes,
                                           started: true)
        reader.isLeader = false
        reader.extend(to: stop)
        return reader
    }

    func template() -> JSONChunkTemplate {
        JSONChunkTemplate(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch, file: framer.bytes.file)
    }

    func nextBatch() throws(ChartError) -> ObservationBatch? {
        let startOffset = position
        while assembly.batch.count < batchSize, !ended, !paused, position - startOffset < bytesPerBatch {
            let next: (UnsafeMutablePointer<json_t>, Int, Int)?
            do {
                defer { for notice in framer.takeNotices() { skipLog.notice(notice) } }
                next = try isLines ? framer.nextLine() : framer.nextElement()
            }
            guard let (value, line, column) = next else {
                if !paused { ended = true }
                break
            }
            defer { json_decref(value) }
            try assemble(value, line: line, column: column)
        }
        if assembly.batch.isEmpty { return ended || paused ? nil : ObservationBatch() }
        return try assembly.takeBatch(reserving: batchSize + assembly.ys.count, path: sourcePath)
    }

    /// The byte order mark.
    func readPreamble() throws(ChartError) {
        if !framer.started { try framer.start() }
    }

    var position: Int { framer.bytes.offset + framer.pos }
    var file: OpenFile { framer.bytes.file }
    var atRecordStart: Bool { framer.column == 1 }
    var linesDone: Int { framer.line - 1 }
    var skipped: SkipLog { skipLog }
    var dependsOnEarlierChunks: Bool { assembly.placedRepeat || indexInMessage }

    func extend(to stop: Int) {
        framer.stopAt = stop
        framer.bytes.readLimit = stop
        framer.paused = false
    }

    var seriesNames: [String] { assembly.seriesNames }
    var categories: [String] { assembly.categories }
    var recordsRead: Int { record }
    var recordsSkipped: Int { skipLog.skipped }
    var warnings: [Diagnostic] { skipLog.summary(path: sourcePath) }

    /// The next batch; an empty one when a long stretch of input (skipped records) gave no values,
    /// so that the caller can poll cancellation; nil at the end.
    func next() throws -> ObservationBatch? {
        try nextBatch()
    }

    // MARK: Records to observations

    private func assemble(_ value: UnsafeMutablePointer<json_t>, line: Int, column: Int) throws(ChartError) {
        let index = record
        record += 1
        let at = SourceLocation(path: sourcePath, line: line, column: column)
        if index == 0, isLeader { try checkFirst(value, at: at) }
        let kind = Self.kind(value)
        guard value.pointee.type == JSON_OBJECT || value.pointee.type == JSON_ARRAY else {
            indexInMessage = true
            return try reject(ChartError("record \(index) is \(kind), not an object with fields; point \"records\" at the array of records", at: at))
        }
        guard let xValue = xPath.find(in: value) else {
            return try reject(ChartError(RecordAssembly.missingX, at: at, field: xPath.name))
        }
        if let message = decodeX(xValue) { return try reject(ChartError(message, at: at, field: xPath.name)) }
        if xType == .time, xValue.pointee.type == JSON_STRING, assembly.time.leapSecond {
            skipLog.notice(TimeReader.leapSecondWarning(at: at, field: xPath.name))
        }
        if let seriesPath {
            let name = seriesPath.find(in: value).flatMap(Self.text) ?? ""
            if let message = assembly.setSeries(name) {
                if assembly.passedSeriesLimit { throw ChartError(message, code: .ingestTooManySeries, at: at, field: seriesPath.name) }
                return try reject(ChartError(message, at: at, field: seriesPath.name))
            }
        }
        for (k, path) in yPaths.enumerated() {
            guard let v = path.find(in: value) else { assembly.ys[k] = .nan; continue }
            switch Self.number(v) {
            case let .value(d): assembly.ys[k] = d
            case .gap: assembly.ys[k] = .nan
            case let .problem(message): return try reject(ChartError(message, at: at, field: path.name))
            }
        }
        assembly.emit(record: index, line: line)
    }

    /// The first record stands in for a header: a y or series field it lacks is a misspelling, not a
    /// gap. A document that is one object without the fields usually holds the records in an array.
    private func checkFirst(_ value: UnsafeMutablePointer<json_t>, at: SourceLocation) throws(ChartError) {
        guard value.pointee.type == JSON_OBJECT else { return }
        var keys: [String] = []
        var arrays: [String] = []
        var iter = json_object_iter(value)
        while let it = iter, keys.count < 200 {
            if let key = json_object_iter_key(it) {
                keys.append(String(cString: key))
                if json_object_iter_value(it)?.pointee.type == JSON_ARRAY { arrays.append(String(cString: key)) }
            }
            iter = json_object_iter_next(value, it)
        }
        let pointTo = "point \"records\" at the array of records (a JSON Pointer such as \"/\(arrays.first ?? "items")\")"
        for path in yPaths + [xPath] + (seriesPath.map { [$0] } ?? []) where !path.name.hasPrefix("/") {
            guard path.find(in: value) == nil else { continue }
            let didYouMean = Suggestion.didYouMean(path.name, in: keys)
            if keys.isEmpty, framer.documentIsRecord {
                throw ChartError("the document is an empty object ({}), so it holds no records; a JSON data file is an array of records, or an object with one: \(pointTo)",
                                 code: .ingestNoRecords, at: at, field: "source.records")
            }
            if keys.isEmpty {
                throw ChartError("the first record is an empty object ({}); it has no field '\(path.name)'", code: .ingestMissingField,
                                 at: at, field: path.name)
            }
            let listed = keys.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 20 ? ", …" : "")
            if framer.documentIsRecord, !arrays.isEmpty, didYouMean.isEmpty {
                throw ChartError("the document is one object, not an array of records, and has no field '\(path.name)'; its fields are \(listed); if the records are in an array inside it, \(pointTo)",
                                 code: .ingestMissingField, at: at, field: path.name)
            }
            throw ChartError("the first record has no field '\(path.name)'; its fields are \(listed)\(didYouMean)",
                             code: .ingestMissingField, at: at, field: path.name)
        }
    }

    private func decodeX(_ v: UnsafeMutablePointer<json_t>) -> String? {
        switch xType {
        case .time:
            if let token = JSONValueLoader.overflowToken(v) {
                guard assembly.time.takesNumbers else {
                    return "the number \(token) is not a time; set x.format to 'epoch-seconds' or 'epoch-millis', or write ISO 8601 strings"
                }
                return assembly.time.outOfRange(token)
            }
            switch v.pointee.type {
            case JSON_STRING:
                let n = json_string_length(v)
                let p = json_string_value(v).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                switch assembly.time.decode(p, n) {
                case let .value(ms): assembly.x = ms; return nil
                case .gap: return RecordAssembly.missingX
                case let .problem(message): return message
                }
            case JSON_INTEGER, JSON_REAL:
                guard assembly.time.takesNumbers else {
                    return "the number \(Self.text(v) ?? "") is not a time; set x.format to 'epoch-seconds' or 'epoch-millis', or write ISO 8601 strings"
                }
                let ms = assembly.time.number(json_number_value(v))
                guard TimeReader.representable.contains(ms) else { return assembly.time.outOfRange(Self.text(v) ?? "") }
                assembly.x = ms
                return nil
            case JSON_NULL: return RecordAssembly.missingX
            default: return "\(Self.kind(v)) is not a time; write ISO 8601 strings such as \"2024-06-01T13:45:00Z\""
            }
        case .number:
            switch Self.number(v) {
            case let .value(d): assembly.x = d; return nil
            case .gap: return RecordAssembly.missingX
            case let .problem(message):
                guard v.pointee.type == JSON_STRING else { return message }
                let p = json_string_value(v).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                return assembly.numberXProblem(p, json_string_length(v), message)
            }
        case .category:
            guard v.pointee.type != JSON_NULL, let label = Self.text(v) else {
                return v.pointee.type == JSON_NULL ? RecordAssembly.missingX : "\(Self.kind(v)) is not a category label; point x at a string"
            }
            return assembly.setCategory(label)
        }
    }

    private static func number(_ v: UnsafeMutablePointer<json_t>) -> Decoded {
        switch v.pointee.type {
        case JSON_INTEGER: return .value(Double(json_integer_value(v)))
        case JSON_REAL: return .value(json_real_value(v))
        case JSON_NULL: return .gap
        case JSON_STRING:
            if let token = JSONValueLoader.overflowToken(v) { return DecimalNumber.decode(token) }
            let n = json_string_length(v)
            return DecimalNumber.decode(json_string_value(v).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, n)
        case JSON_OBJECT, JSON_ARRAY:
            return .problem("\(kind(v)) is not a number; point at the number inside it with a JSON Pointer such as '/price/amount'")
        default:
            return .problem("\(kind(v)) is not a number; write a JSON number, or null for a gap")
        }
    }

    /// Text of a string, number or boolean (for series names and category labels).
    private static func text(_ v: UnsafeMutablePointer<json_t>) -> String? {
        switch v.pointee.type {
        case JSON_STRING: return JSONValueLoader.overflowToken(v) ?? Jansson.string(v)
        case JSON_INTEGER: return String(json_integer_value(v))
        case JSON_REAL: return JSONWriter.number(json_real_value(v))
        case JSON_TRUE: return "true"
        case JSON_FALSE: return "false"
        default: return nil
        }
    }

    private static func kind(_ v: UnsafeMutablePointer<json_t>) -> String {
        switch v.pointee.type {
        case JSON_OBJECT: return "an object"
        case JSON_ARRAY: return "an array"
        case JSON_STRING where JSONValueLoader.overflowToken(v) != nil: return "the number \(JSONValueLoader.overflowToken(v) ?? "")"
        case JSON_STRING: return "the string \"\(String(Jansson.string(v).prefix(40)))\""
        case JSON_INTEGER, JSON_REAL: return "the number \(text(v) ?? "")"
        case JSON_TRUE: return "true"
        case JSON_FALSE: return "false"
        default: return "null"
        }
    }

    private func reject(_ error: ChartError) throws(ChartError) {
        guard chart.source.onError == .skip else { throw error }
        skipLog.note(error)
    }
}
