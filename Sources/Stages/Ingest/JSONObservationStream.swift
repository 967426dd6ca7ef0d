import Synchronization
import CJansson
import ChartpipeCore
import Glibc
import ChartpipeJSON

/// Where a value sits in a JSON record: a member name, or a JSON Pointer (RFC 6901) when the field starts with '/'.
private struct FieldPath {
    let name: String
    /// Member names along the path, NUL-free bytes; array steps also carry their index.
    let steps: [(key: [CChar], index: Int?)]

    init(_ field: String) {
        name = field
        if field.hasPrefix("/") {
            steps = field.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
                let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                let index = token.first == "0" && token.count > 1 ? nil : Int(token)
                return (Array(token.utf8CString.dropLast()), index)
            }
        } else {
            steps = [(Array(field.utf8CString.dropLast()), nil)]
        }
    }

    /// The value at this path in `record` (borrowed), or nil.
    func find(in record: UnsafeMutablePointer<json_t>) -> UnsafeMutablePointer<json_t>? {
        var node = record
        for step in steps {
            switch node.pointee.type {
            case JSON_OBJECT:
                guard let next = step.key.withUnsafeBufferPointer({ json_object_getn(node, $0.baseAddress, $0.count) }) else { return nil }
                node = next
            case JSON_ARRAY:
                guard let index = step.index, let next = json_array_get(node, index) else { return nil }
                node = next
            default:
                return nil
            }
        }
        return node
    }
}

/// What the readers of a JSON Lines file's later chunks start from (`ChunkedStream`).
struct JSONChunkTemplate: @unchecked Sendable {
    let chart: ChartSpec
    let time: TimeReader
    let limits: IngestLimits
    let batchSize: Int
    let bytesPerBatch: Int
    let file: OpenFile
}

/// JSON through jansson, element by element (SPEC §1, §3): an array of records (the document, or
/// the array that `records` points to), or JSON Lines. Memory is bounded by the largest record,
/// never by the file: `json_loadb` with `JSON_DISABLE_EOF_CHECK` parses one element and reports
/// how many bytes it used. Positions of record errors are where the record starts.
/// A document that is not an array is one record. Duplicate member names keep the last value (jansson).
final class JSONObservationStream: ChunkReader {
    private enum Phase {
        case start
        case elements(first: Bool)
        case closing
        case done
    }

    let xType: XType
    let sourcePath: String
    private let chart: ChartSpec
    private let bytes: FileBytes
    private let limits: IngestLimits
    private let batchSize: Int
    private let bytesPerBatch: Int
    private let isLines: Bool
    private var assembly: RecordAssembly
    private let xPath: FieldPath
    private let yPaths: [FieldPath]
    private let seriesPath: FieldPath?
    private var phase = Phase.start
    /// Containers around the records array (true for an object), innermost last.
    private var enclosing: [Bool] = []
    private var pos = 0
    private var line = 1
    private var column = 1
    private var started = false
    private var record = 0
    private var skipLog = SkipLog()
    private var ended = false
    /// The document itself is the one record (it is not an array).
    private var documentIsRecord = false
    private let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
    /// The time reader as the chart made it, for the readers of later chunks.
    private let time: TimeReader
    /// JSON Lines in chunks (`ChunkedStream`): where this reader pauses; `Int.max` for none.
    private(set) var stopAt = Int.max
    private(set) var paused = false
    /// This reader starts at the file's start (the first record stands in for a header).
    private var isLeader = true
    /// A skipped record's message names its index, which counts from this reader's start.
    private var indexInMessage = false

    convenience init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int) throws(ChartError) {
        let bytes = try FileBytes(path: chart.source.path, displayPath: chart.source.displayPath, maxBytes: limits.maxFileBytes)
        self.init(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch, bytes: bytes)
    }

    private init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int, bytes: FileBytes) {
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
        self.bytes = bytes
    }

    // MARK: Chunks of JSON Lines (ChunkedStream)

    /// A reader of the lines `start..<stop`; `start` begins a line (every line feed ends a record:
    /// JSON text holds none inside a string).
    static func chunk(of template: JSONChunkTemplate, from start: Int, to stop: Int) throws(ChartError) -> JSONObservationStream {
        let bytes = FileBytes(file: template.file, displayPath: template.chart.source.displayPath, from: start)
        let reader = JSONObservationStream(chart: template.chart, time: template.time, limits: template.limits,
                                           batchSize: template.batchSize, bytesPerBatch: template.bytesPerBatch, bytes: bytes)
        reader.started = true
        reader.isLeader = false
        reader.extend(to: stop)
        return reader
    }

    func template() -> JSONChunkTemplate {
        JSONChunkTemplate(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch, file: bytes.file)
    }

    func nextBatch() throws(ChartError) -> ObservationBatch? {
        let startOffset = bytes.offset + pos
        while assembly.batch.count < batchSize, !ended, !paused, bytes.offset + pos - startOffset < bytesPerBatch {
            guard let (value, line, column) = try isLines ? nextLine() : nextElement() else {
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
        if !started { try start() }
    }

    var position: Int { bytes.offset + pos }
    var file: OpenFile { bytes.file }
    var atRecordStart: Bool { column == 1 }
    var linesDone: Int { line - 1 }
    var skipped: SkipLog { skipLog }
    var dependsOnEarlierChunks: Bool { assembly.placedRepeat || indexInMessage }

    func extend(to stop: Int) {
        stopAt = stop
        bytes.readLimit = stop
        paused = false
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
            if keys.isEmpty, documentIsRecord {
                throw ChartError("the document is an empty object ({}), so it holds no records; a JSON data file is an array of records, or an object with one: \(pointTo)",
                                 code: .ingestNoRecords, at: at, field: "source.records")
            }
            if keys.isEmpty {
                throw ChartError("the first record is an empty object ({}); it has no field '\(path.name)'", code: .ingestMissingField,
                                 at: at, field: path.name)
            }
            let listed = keys.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 20 ? ", …" : "")
            if documentIsRecord, !arrays.isEmpty, didYouMean.isEmpty {
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
            if let token = Self.overflowToken(v) {
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
            if let token = overflowToken(v) { return DecimalNumber.decode(token) }
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
        case JSON_STRING: return overflowToken(v) ?? Jansson.string(v)
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
        case JSON_STRING where overflowToken(v) != nil: return "the number \(overflowToken(v) ?? "")"
        case JSON_STRING: return "the string \"\(String(Jansson.string(v).prefix(40)))\""
        case JSON_INTEGER, JSON_REAL: return "the number \(text(v) ?? "")"
        case JSON_TRUE: return "true"
        case JSON_FALSE: return "false"
        default: return "null"
        }
    }

    /// A member name written twice in the record that starts at `line`:`column`: an error under
    /// `onError: fail` (which value is meant?), else a warning that the last value was read.
    private func noteDuplicate(_ error: json_error_t, line: Int, column: Int,
                               value: UnsafeMutablePointer<json_t>) throws(ChartError) {
        let errorLine = max(Int(error.line), 1)
        let at = SourceLocation(path: sourcePath, line: line + errorLine - 1,
                                column: errorLine == 1 ? column + max(Int(error.column), 1) - 1 : max(Int(error.column), 1))
        // jansson's text: "duplicate object key near '"name"'".
        let text = Jansson.errorText(error)
        let near = text.split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false)
        let key = near.count == 2 ? String(near[1].dropLast()) : "?"
        guard chart.source.onError == .skip else {
            json_decref(value)
            throw ChartError("an object has the member \(key) twice, so which value is meant is unclear; keep one (\"onError\": \"skip\" reads the last, with a warning)",
                             code: .ingestDuplicateKey, at: at)
        }
        skipLog.notice(.warning("an object has the member \(key) twice; its last value is read", code: .ingestDuplicateKey, at: at))
    }

    private func reject(_ error: ChartError) throws(ChartError) {
        guard chart.source.onError == .skip else { throw error }
        skipLog.note(error)
    }

    // MARK: JSON Lines

    private func nextLine() throws(ChartError) -> (UnsafeMutablePointer<json_t>, Int, Int)? {
        while true {
            if !started { try start() }
            if bytes.offset + pos >= stopAt {
                paused = true
                return nil
            }
            if pos >= bytes.end {
                if bytes.atEOF { return nil }
                try more()
                continue
            }
            let newline = memchr(bytes.base + pos, 0x0A, bytes.end - pos)
            if newline == nil, !bytes.atEOF {
                try more()
                continue
            }
            let lineEnd = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.base) } ?? bytes.end
            var first = pos
            while first < lineEnd, Self.isSpace(bytes.base[first]) { first += 1 }
            let thisLine = line, thisColumn = column + (first - pos)
            var last = lineEnd
            while last > first, Self.isSpace(bytes.base[last - 1]) { last -= 1 }
            let start = pos
            pos = min(lineEnd + 1, bytes.end)
            line += 1
            column = 1
            if first == last { continue }
            var error = json_error_t()
            var duplicate: json_error_t?
            let value = Self.load(bytes.base + start, lineEnd - start, flags: flags, &error, duplicate: &duplicate)
            guard let value else {
                throw syntaxError(error, line: thisLine, column: 1, offset: bytes.offset + start)
            }
            if let duplicate { try noteDuplicate(duplicate, line: thisLine, column: 1, value: value) }
            return (value, thisLine, thisColumn)
        }
    }

    // MARK: Array of records

    private func nextElement() throws(ChartError) -> (UnsafeMutablePointer<json_t>, Int, Int)? {
        while true {
            switch phase {
            case .start:
                try start()
                guard try peek() != nil else {
                    throw ChartError("the file is empty; it needs a JSON array of records", at: here())
                }
                try descend()
                guard let b = try peek() else { throw endOfFile("the document") }
                if b == UInt8(ascii: "[") {
                    consume()
                    phase = .elements(first: true)
                } else {
                    // A document (or target) that is not an array is one record.
                    documentIsRecord = chart.source.records.isEmpty
                    let at = (line, column)
                    let value = try parseValue()
                    phase = .closing
                    return (value, at.0, at.1)
                }
            case let .elements(first):
                guard var b = try peek() else { throw endOfFile("the array of records") }
                if b == UInt8(ascii: "]"), first {
                    consume()
                    phase = .closing
                    continue
                }
                if !first {
                    if b == UInt8(ascii: "]") {
                        consume()
                        phase = .closing
                        continue
                    }
                    guard b == UInt8(ascii: ",") else { throw unexpected(b, expecting: "',' or ']' after a record") }
                    consume()
                    guard let after = try peek() else { throw endOfFile("the array of records") }
                    b = after
                    if b == UInt8(ascii: "]") { throw unexpected(b, expecting: "a record after ','") }
                }
                let at = (line, column)
                let value = try parseValue()
                phase = .elements(first: false)
                return (value, at.0, at.1)
            case .closing:
                try closeEnclosing()
                if let b = try peek() { throw unexpected(b, expecting: "the end of the file after the JSON document") }
                phase = .done
            case .done:
                return nil
            }
        }
    }

    /// Walks the `records` pointer, streaming past the members and elements before it.
    private func descend() throws(ChartError) {
        let pointer = chart.source.records
        guard !pointer.isEmpty else { return }
        let tokens = FieldPath(pointer).steps
        var walked = ""
        for (token, index) in tokens {
            let name = String(decoding: token.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let b = try peek() else { throw endOfFile("the document") }
            if b == UInt8(ascii: "{") {
                consume()
                var names: [String] = []
                var firstMember = true
                while true {
                    guard var c = try peek() else { throw endOfFile("the object at '\(walked)'") }
                    if c == UInt8(ascii: "}") {
                        throw ChartError("the records pointer '\(pointer)' does not exist: the object at '\(walked.isEmpty ? "/" : walked)' has no member '\(name)'\(Suggestion.didYouMean(name, in: names))",
                                         at: here(), field: "source.records")
                    }
                    if !firstMember {
                        guard c == UInt8(ascii: ",") else { throw unexpected(c, expecting: "',' or '}'") }
                        consume()
                        guard let d = try peek() else { throw endOfFile("the object at '\(walked)'") }
                        c = d
                    }
                    firstMember = false
                    guard c == UInt8(ascii: "\"") else { throw unexpected(c, expecting: "a member name") }
                    let key = try parseValue()
                    let keyText = Jansson.string(key)
                    json_decref(key)
                    guard let colon = try peek(), colon == UInt8(ascii: ":") else {
                        throw unexpected(try peek(), expecting: "':' after a member name")
                    }
                    consume()
                    if keyText == name { break }
                    names.append(keyText)
                    json_decref(try parseValue())
                }
                enclosing.append(true)
            } else if b == UInt8(ascii: "[") {
                consume()
                guard let index else {
                    throw ChartError("the records pointer '\(pointer)' does not exist: '\(walked.isEmpty ? "/" : walked)' is an array and '\(name)' is not an index",
                                     at: here(), field: "source.records")
                }
                for i in 0...index {
                    guard var c = try peek() else { throw endOfFile("the array at '\(walked)'") }
                    if c == UInt8(ascii: "]") {
                        throw ChartError("the records pointer '\(pointer)' does not exist: the array at '\(walked.isEmpty ? "/" : walked)' has \(i) elements",
                                         at: here(), field: "source.records")
                    }
                    if i > 0 {
                        guard c == UInt8(ascii: ",") else { throw unexpected(c, expecting: "',' or ']'") }
                        consume()
                        guard let d = try peek() else { throw endOfFile("the array at '\(walked)'") }
                        c = d
                    }
                    if i < index { json_decref(try parseValue()) }
                }
                enclosing.append(false)
            } else {
                throw ChartError("the records pointer '\(pointer)' does not exist: '\(walked.isEmpty ? "/" : walked)' is not an object or array",
                                 at: here(), field: "source.records")
            }
            walked += "/" + name
        }
    }

    /// Reads the rest of the containers around the records array, so that a malformed tail is still an error.
    private func closeEnclosing() throws(ChartError) {
        while let isObject = enclosing.popLast() {
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            while true {
                guard let b = try peek() else { throw endOfFile("the document") }
                if b == close { consume(); break }
                guard b == UInt8(ascii: ",") else { throw unexpected(b, expecting: isObject ? "',' or '}'" : "',' or ']'") }
                consume()
                if isObject {
                    guard let q = try peek(), q == UInt8(ascii: "\"") else { throw unexpected(try peek(), expecting: "a member name") }
                    json_decref(try parseValue())
                    guard let colon = try peek(), colon == UInt8(ascii: ":") else {
                        throw unexpected(try peek(), expecting: "':' after a member name")
                    }
                    consume()
                }
                json_decref(try parseValue())
            }
        }
    }

    // MARK: Bytes

    private func start() throws(ChartError) {
        started = true
        try bytes.refill(keepingFrom: 0)
        if bytes.end >= 3, bytes.base[0] == 0xEF, bytes.base[1] == 0xBB, bytes.base[2] == 0xBF { pos = 3 }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The next byte that is not JSON whitespace, without consuming it; nil at the end of the file.
    private func peek() throws(ChartError) -> UInt8? {
        while true {
            while pos < bytes.end {
                let b = bytes.base[pos]
                if b == 0x0A {
                    line += 1
                    column = 1
                } else if b == 0x20 || b == 0x0D || b == 0x09 {
                    column += 1
                } else {
                    return b
                }
                pos += 1
            }
            if bytes.atEOF { return nil }
            try more()
        }
    }

    private func consume() {
        pos += 1
        column += 1
    }

    private func here() -> SourceLocation { SourceLocation(path: sourcePath, line: line, column: column) }

    /// Keeps the bytes from `pos` and reads on to twice as many (but one byte past the record limit),
    /// so that a value parsed again after each read is parsed a bounded number of times over (a
    /// geometric sum) rather than once per block; refuses records past the size limit.
    private func more() throws(ChartError) {
        let available = bytes.end - pos
        if available > limits.maxRecordBytes {
            throw ChartError(IngestLimits.exceeded("a record is larger than \(limits.maxRecordBytes) bytes", option: "maxRecordBytes"),
                             code: .ingestRecordTooLarge, at: here())
        }
        let wanted = available <= limits.maxRecordBytes / 2 ? 2 * available : limits.maxRecordBytes + 1
        pos -= try bytes.refill(keepingFrom: pos, atLeast: wanted)
    }

    /// One JSON value at `pos`; reads more of the file when the value runs past the buffer.
    private func parseValue() throws(ChartError) -> UnsafeMutablePointer<json_t> {
        while true {
            let available = bytes.end - pos
            var error = json_error_t()
            var duplicate: json_error_t?
            let value = Self.load(bytes.base + pos, available, flags: flags | Int(JSON_DISABLE_EOF_CHECK), &error,
                                  duplicate: &duplicate)
            let used = Int(error.position)
            if let value {
                let first = bytes.base[pos]
                let closed = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
                if !closed, used >= available, !bytes.atEOF {
                    json_decref(value)
                    try more()
                    continue
                }
                if let duplicate { try noteDuplicate(duplicate, line: line, column: column, value: value) }
                advance(by: used)
                return value
            }
            if !bytes.atEOF, used + 4 >= available {
                try more()
                continue
            }
            throw syntaxError(error, line: line, column: column, offset: bytes.offset + pos)
        }
    }

    /// `json_loadb`, retried on a copy when jansson refuses what valid JSON allows: a `\u0000` in a
    /// member name (read as U+FFFD; such a name cannot be a field anyway), and a number beyond
    /// jansson's range (an integer past 64 bits, a real past 1.8e308), which becomes a marked
    /// string holding its text (`overflowToken`), so that only a field that uses it can fail.
    /// `error`'s position and column are given in the original bytes.
    ///
    /// Duplicate member names are looked for first (jansson stops at the first): when there is
    /// one, `duplicate` is its error and the value is read again keeping the last, which the
    /// caller warns about or refuses (SPEC §8: no value changes silently).
    private static func load(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, flags: Int,
                             _ error: inout json_error_t, duplicate: inout json_error_t?) -> UnsafeMutablePointer<json_t>? {
        if let strict = load(p, n, flags: flags | Int(JSON_REJECT_DUPLICATES), &error) { return strict }
        guard Jansson.errorText(error).hasPrefix("duplicate object key") else { return nil }
        duplicate = error
        return load(p, n, flags: flags, &error)
    }

    private static func load(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, flags: Int,
                             _ error: inout json_error_t) -> UnsafeMutablePointer<json_t>? {
        parsedBytes.wrappingAdd(n, ordering: .relaxed)
        let first = p.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) { json_loadb($0, n, flags, &error) }
        guard first == nil else { return first }
        var copy = [UInt8]()
        var keysMended = false
        var markers: [(position: Int, line: Int)] = []
        var value: UnsafeMutablePointer<json_t>?
        while value == nil {
            if !keysMended, Jansson.errorText(error).hasPrefix("NUL byte in object key") {
                if copy.isEmpty { copy = Array(UnsafeBufferPointer(start: p, count: n)) }
                mendNULsInNames(&copy)
                keysMended = true
            } else if json_error_code(&error) == json_error_numeric_overflow {
                if copy.isEmpty { copy = Array(UnsafeBufferPointer(start: p, count: n)) }
                guard let token = numberToken(in: copy, endingAt: Int(error.position)) else { break }
                copy.replaceSubrange(token, with: Self.overflowMarker(copy[token]))
                markers.append((token.lowerBound, Int(error.line)))
            } else {
                break
            }
            value = copy.withUnsafeBufferPointer { buffer in
                buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: copy.count) { json_loadb($0, copy.count, flags, &error) }
            }
        }
        // Markers lie before wherever jansson stopped: it reads from the start.
        let widened = markers.count * overflowMarkerOverhead
        error.position -= Int32(widened)
        error.column -= Int32(markers.filter { $0.line == Int(error.line) }.count * overflowMarkerOverhead)
        return value
    }

    /// Every `\u0000` escape read as `\uFFFD` (same length, so positions hold).
    private static func mendNULsInNames(_ copy: inout [UInt8]) {
        var i = 0
        while i + 1 < copy.count {
            if copy[i] == UInt8(ascii: "\\") {
                if copy[i + 1] == UInt8(ascii: "u"), i + 6 <= copy.count, copy[(i + 2)..<(i + 6)].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                    copy.replaceSubrange((i + 2)..<(i + 6), with: Array("FFFD".utf8))
                }
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// The bytes of the number that ends at `end` (where jansson reports an overflow), or nil.
    private static func numberToken(in bytes: [UInt8], endingAt end: Int) -> Range<Int>? {
        guard end <= bytes.count else { return nil }
        var start = end
        while start > 0, "0123456789+-.eE".utf8.contains(bytes[start - 1]) { start -= 1 }
        guard start < end, bytes[start] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[start]) else { return nil }
        // A number where a member name belongs (followed by ':') stays an error: only values are mended.
        var after = end
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        guard after == bytes.count || bytes[after] != UInt8(ascii: ":") else { return nil }
        return start..<end
    }

    /// U+FFFF, a noncharacter (Unicode §23.7: reserved for a program's internal use), starts the
    /// string that stands for a number jansson cannot hold.
    private static let overflowPrefix: [UInt8] = [0xEF, 0xBF, 0xBF]
    /// Bytes a marker adds to its number: two quotes and the escape `\uFFFF`.
    private static let overflowMarkerOverhead = 8

    private static func overflowMarker(_ token: ArraySlice<UInt8>) -> [UInt8] {
        Array("\"\\uFFFF".utf8) + token + [UInt8(ascii: "\"")]
    }

    /// The text of a number that jansson could not hold, when `v` is the string standing for one.
    private static func overflowToken(_ v: UnsafeMutablePointer<json_t>) -> String? {
        guard v.pointee.type == JSON_STRING else { return nil }
        let text = Jansson.string(v)
        guard text.utf8.starts(with: overflowPrefix) else { return nil }
        return String(text.unicodeScalars.dropFirst())
    }

    private func advance(by n: Int) {
        let end = pos + n
        var i = pos
        while i < end {
            let b = bytes.base[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        pos = end
    }

    /// A jansson error, placed in the file: its line and column count from where parsing began.
    private func syntaxError(_ error: json_error_t, line: Int, column: Int, offset: Int) -> ChartError {
        let errorLine = max(Int(error.line), 1)
        let at = SourceLocation(path: sourcePath, line: line + errorLine - 1,
                                column: errorLine == 1 ? column + max(Int(error.column), 1) - 1 : max(Int(error.column), 1))
        let position = offset + Int(error.position)
        var code = error
        if json_error_code(&code) == json_error_stack_overflow {
            return ChartError("the JSON nests arrays and objects more than \(Self.maximumDepth) levels deep at byte offset \(position), the most jansson reads; flatten the records",
                              code: .ingestTooDeep, at: at)
        }
        return ChartError("invalid JSON at byte offset \(position): \(Jansson.errorText(error)); fix the file so that it is valid JSON",
                          code: .ingestBadJson, at: at)
    }

    /// Bytes handed to jansson since the process started, each time it reads them: tests count the
    /// work of reading a file with it.
    package static let parsedBytes = Atomic<Int>(0)

    /// jansson's limit on nesting (JSON_PARSER_MAX_DEPTH), fixed when the library is built.
    static let maximumDepth = 2048

    private func unexpected(_ b: UInt8?, expecting: String) -> ChartError {
        guard let b else { return endOfFile("the document") }
        let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
        return ChartError("invalid JSON at byte offset \(bytes.offset + pos): found \(shown) where \(expecting) should be; fix the file so that it is valid JSON",
                          at: here())
    }

    private func endOfFile(_ what: String) -> ChartError {
        ChartError("the file ends before \(what) is closed; it may be truncated", at: here())
    }
}
