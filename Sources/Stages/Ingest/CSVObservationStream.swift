import CCSV
import ChartpipeCore
import Glibc

/// What a CSV column feeds: nothing, x, the series name, or the y value with this index (≥ 0).
/// In a file with its own number style (`decimal`, `thousands`) y value k is `styled(k)` instead,
/// so that the plain style's hot path stays as it is.
private enum Role {
    static let ignore: Int32 = -1
    static let x: Int32 = -2
    static let series: Int32 = -3
    static func styled(_ k: Int32) -> Int32 { -4 - k }
    static func y(ofStyled role: Int32) -> Int { Int(-4 - role) }
}

/// libcsv's parser states (libcsv.c): between rows, and inside a field.
private let rowNotBegun: Int32 = 0
private let fieldBegun: Int32 = 2
/// libcsv's options: strict, so that a malformed quote is an error and never silently joins rows.
private let strictOptions = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)
/// Relaxed for one byte: a quote inside an unquoted field is then the text it looks like.
private let relaxedOptions = UInt8(CSV_STRICT_FINI | CSV_APPEND_NULL)

/// Everything the libcsv callbacks touch, reached through a raw pointer so that the hot path has
/// neither reference counting nor exclusivity checks.
private struct CSVState {
    var roles: [Int32] = []
    /// Columns a data row must have (one past the last column used).
    var needed = 0
    /// Column names, from the header or numbered from 1.
    var columns: [String] = []
    var inHeader: Bool
    /// Preview mode: keep every field as text instead of typed values.
    var collectText: Bool
    var textRows: [[String]] = []
    var textRow: [String] = []
    var fieldIndex = 0
    var assembly: RecordAssembly
    var chart: ChartSpec
    var limits: IngestLimits
    var skip: Bool
    var skipLog = SkipLog()
    var recordBad = false
    var nextRecord = 0
    var failure: ChartError? { didSet { stopped = failure != nil } }
    /// Mirrors `failure != nil` as a plain flag, so the hot path never copies an error.
    var stopped = false
    // Where the current record's bytes are, for error positions.
    var base: UnsafePointer<UInt8>?
    var recordStart = 0
    var recordKnown = false
    var scanEnd = 0
    var recordLine = 1
    var recordColumn = 1

    /// One field of the current row (libcsv's field callback).
    @inline(__always)
    mutating func field(_ raw: UnsafeMutableRawPointer?, _ n: Int) {
        let k = fieldIndex
        fieldIndex = k + 1
        if inHeader || collectText || stopped { slowField(raw, n, k); return }
        guard k < roles.count else { extraField(raw, n, k); return }
        let role = roles[k]
        if role == Role.ignore || recordBad { return }
        let p = raw.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
        if role >= 0 {
            switch DecimalNumber.decode(p, n) {
            case let .value(v): assembly.ys[Int(role)] = v
            case .gap: assembly.ys[Int(role)] = .nan
            case .problem: numberProblem(p, n, field: k)
            }
        } else if role == Role.x {
            if let message = assembly.setX(p, n) {
                problem(message, field: k)
            } else if assembly.time.leapSecond {
                skipLog.notice(TimeReader.leapSecondWarning(at: position(ofField: k), field: columns[k]))
            }
        } else if role <= Role.styled(0) {
            switch DecimalNumber.decode(p, n, style: assembly.numberStyle, delimiter: chart.source.delimiter) {
            case let .value(v): assembly.ys[Role.y(ofStyled: role)] = v
            case .gap: assembly.ys[Role.y(ofStyled: role)] = .nan
            case let .problem(message): problem(message, field: k)
            }
        } else {
            let name = p.map { String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self) } ?? ""
            if let message = assembly.setSeries(name) {
                if assembly.passedSeriesLimit {
                    fail(ChartError(message, code: .ingestTooManySeries, at: position(ofField: k), field: columns[k]))
                } else {
                    problem(message, field: k)
                }
            }
        }
    }

    private mutating func slowField(_ raw: UnsafeMutableRawPointer?, _ n: Int, _ k: Int) {
        guard !stopped else { return }
        guard k < limits.maxColumns else {
            if k == limits.maxColumns { fail(tooManyColumns(at: k)) }
            return
        }
        let text = raw.map { String(decoding: UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: n), as: UTF8.self) } ?? ""
        if inHeader { columns.append(text); return }
        textRow.append(text)
    }

    private mutating func extraField(_ raw: UnsafeMutableRawPointer?, _ n: Int, _ k: Int) {
        if k >= limits.maxColumns {
            if k == limits.maxColumns { fail(tooManyColumns(at: k)) }
            return
        }
        // Trailing empty fields are harmless; text beyond the header would be silently dropped.
        guard chart.source.header, n > 0, !recordBad else { return }
        let delimiter = Self.show(chart.source.delimiter)
        reject(ChartError("the row has more fields than the header's \(columns.count) columns; quote fields that contain \(delimiter)",
                          at: position(ofField: k)))
    }

    private func tooManyColumns(at k: Int) -> ChartError {
        let delimiter = Self.show(chart.source.delimiter)
        return ChartError(IngestLimits.exceeded("the row has more than \(limits.maxColumns) columns", option: "maxColumns",
                                                hint: "check that the delimiter is \(delimiter), or "),
                          code: .ingestTooManyColumns, at: position(ofField: k))
    }

    /// End of a row (libcsv's row callback).
    @inline(__always)
    mutating func rowEnd() {
        defer { fieldIndex = 0; recordBad = false }
        guard !stopped else { return }
        if inHeader {
            inHeader = false
            if !collectText { bind() }
            return
        }
        if collectText {
            textRows.append(textRow)
            textRow = []
            nextRecord += 1
            return
        }
        let record = nextRecord
        nextRecord += 1
        if !recordBad, fieldIndex < needed {
            let missing = (fieldIndex..<needed).first { roles[$0] != Role.ignore } ?? fieldIndex
            reject(ChartError("the row has \(fieldIndex) field\(fieldIndex == 1 ? "" : "s") but column '\(columns[missing])' is number \(missing + 1); check for a missing delimiter or an unquoted line break",
                              at: SourceLocation(path: chart.source.displayPath, line: recordLine), field: columns[missing]))
        }
        // A short row fails the read (onError: fail) without marking the record bad: emit nothing either way.
        if recordBad || stopped { return }
        assembly.emit(record: record, line: recordLine)
    }

    /// Resolves x, y and series names to columns once the header is known.
    mutating func bind() {
        let header = chart.source.header
        func column(_ name: String) -> Int? {
            if header {
                let matches = columns.indices.filter { columns[$0] == name }
                if matches.count > 1 {
                    fail(ChartError("the header has \(matches.count) columns named '\(name)' (columns \(matches.map { String($0 + 1) }.joined(separator: ", "))); rename them so that each is unique",
                                    at: SourceLocation(path: chart.source.displayPath, line: recordLine), field: name))
                    return nil
                }
                if let first = matches.first { return first }
                let listed = columns.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (columns.count > 20 ? ", …" : "")
                fail(ChartError("there is no column '\(name)'; the header's columns are \(listed)\(delimiterHint() ?? Suggestion.didYouMean(name, in: columns))",
                                at: SourceLocation(path: chart.source.displayPath, line: recordLine), field: name))
                return nil
            }
            guard let number = Int(name), number >= 1, number <= limits.maxColumns else {
                fail(ChartError("with \"header\": false, columns are named by number; use '1' for the first column",
                                at: SourceLocation(path: chart.source.displayPath), field: name))
                return nil
            }
            return number - 1
        }
        var roles = [Int32](repeating: Role.ignore, count: header ? columns.count : 0)
        func assign(_ name: String, _ role: Int32) {
            guard let c = column(name) else { return }
            if c >= roles.count { roles += [Int32](repeating: Role.ignore, count: c + 1 - roles.count) }
            roles[c] = role
        }
        assign(chart.x.field, Role.x)
        if let series = chart.seriesField { assign(series, Role.series) }
        let styled = !assembly.numberStyle.isPlain
        for (k, name) in chart.y.fields.enumerated() { assign(name, styled ? Role.styled(Int32(k)) : Int32(k)) }
        if !header { columns = roles.indices.map { String($0 + 1) } }
        needed = (roles.lastIndex { $0 != Role.ignore } ?? -1) + 1
        self.roles = roles
    }

    /// A y cell the plain style cannot read: the message names the source options that would.
    private mutating func numberProblem(_ p: UnsafePointer<UInt8>?, _ n: Int, field k: Int) {
        guard case let .problem(message) = DecimalNumber.decode(p, n, style: .plain, delimiter: chart.source.delimiter) else { return }
        problem(message, field: k)
    }

    /// A header read as one column that holds another common delimiter (`d;v` read with commas)
    /// names the delimiter to set.
    private func delimiterHint() -> String? {
        guard columns.count == 1, let header = columns.first else { return nil }
        let delimiters: [(UInt8, String)] = [(0x3B, ";"), (0x09, "\\t"), (0x2C, ","), (0x7C, "|")]
        for (byte, json) in delimiters where byte != chart.source.delimiter && header.utf8.contains(byte) {
            return "; the header is one column that holds \(Self.show(byte)): set \"delimiter\": \"\(json)\" in the source"
        }
        return nil
    }

    private mutating func problem(_ message: String, field k: Int) {
        let name = k < columns.count ? columns[k] : String(k + 1)
        let wanted = !skip || skipLog.wantsPosition
        reject(ChartError(message, at: wanted ? position(ofField: k) : nil, field: name))
    }

    /// A bad record: fatal under `onError: fail`, else skipped at row end.
    mutating func reject(_ error: ChartError) {
        guard !recordBad else { return }
        if skip {
            recordBad = true
            skipLog.note(error)
        } else {
            fail(error)
        }
    }

    mutating func fail(_ error: ChartError) {
        if !stopped { failure = error }
    }

    /// Line and 1-based character column where field `k` of the current record starts. A quote
    /// opens a quoted field only at the start of a field: elsewhere it is text (a stray quote).
    func position(ofField k: Int) -> SourceLocation {
        var location = SourceLocation(path: chart.source.displayPath, line: recordLine)
        guard recordKnown, let base else { return location }
        let quote = chart.source.quote, delimiter = chart.source.delimiter
        var line = recordLine, column = recordColumn
        var seen = 0, inQuotes = false, atFieldStart = true
        var i = recordStart
        while seen < k, i < scanEnd {
            let b = base[i]
            var step = 1
            if inQuotes {
                if b == quote {
                    if i + 1 < scanEnd, base[i + 1] == quote { step = 2 } else { inQuotes = false }
                }
            } else if b == delimiter {
                seen += 1
                atFieldStart = true
            } else if b == quote, atFieldStart {
                inQuotes = true
                atFieldStart = false
            } else if b != 0x20, b != 0x09 {
                atFieldStart = false
            }
            for j in i..<min(i + step, scanEnd) {
                if base[j] == 0x0A { line += 1; column = 1 } else if base[j] & 0xC0 != 0x80 { column += 1 }
            }
            i += step
        }
        location.line = line
        location.column = column
        return location
    }

    static func show(_ byte: UInt8) -> String {
        switch byte {
        case 0x09: return "a tab"
        case 0x2C: return "a comma"
        case 0x3B: return "a semicolon"
        case 0x7C: return "a vertical bar"
        default: return "'\(Character(Unicode.Scalar(byte)))'"
        }
    }
}

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

private let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { field, n, context in
    context?.assumingMemoryBound(to: CSVState.self).pointee.field(field, n)
}

private let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
    context?.assumingMemoryBound(to: CSVState.self).pointee.rowEnd()
}

/// CSV and TSV through libcsv, streamed in fixed-size reads (SPEC §1, §3, §8).
///
/// The file is fed to libcsv one physical line at a time, so every callback knows the line it is
/// on; the bytes of the current record stay in the buffer so that an error can name the 1-based
/// character column where the field starts. Lines end at LF (CRLF works; a lone CR ends rows but not lines).
final class CSVObservationStream: ChunkReader {
    let xType: XType
    let sourcePath: String
    private let bytes: FileBytes
    private var parser = csv_parser()
    private let state: UnsafeMutablePointer<CSVState>
    private let batchSize: Int
    private let bytesPerBatch: Int
    private var pos = 0
    private var line = 1
    private var column = 1
    private var linesToSkip: Int
    private var utf8 = UTF8Check()
    private var checkedEnd = 0
    private var badByte: Int?
    private var started = false
    private var finished = false
    /// Discarding the rest of a malformed line (`onError: skip`).
    private var skippingLine = false
    /// Keep at most this much of a record for error columns; beyond it errors give the line only.
    private let maxRetained = 8 << 20
    /// The time reader as the chart made it, for the readers of later chunks.
    private let time: TimeReader
    /// File offset where this reader pauses (a chunk's end, see `ChunkedStream`); `Int.max` for none.
    private(set) var stopAt = Int.max
    /// Reached `stopAt`: `next()` gives nil until `extend(to:)`.
    private(set) var paused = false
    /// A record was too long to keep for error columns (its errors name the line only).
    private(set) var droppedRecordStart = false

    convenience init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int,
                     collectText: Bool = false) throws(ChartError) {
        let bytes = try FileBytes(path: chart.source.path, displayPath: chart.source.displayPath, maxBytes: limits.maxFileBytes)
        try self.init(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch,
                      collectText: collectText, bytes: bytes)
        if !chart.source.header, !collectText {
            state.pointee.bind()
            if let failure = state.pointee.failure { throw failure }
        }
    }

    /// A reader of the chunk `start..<stop` of the file, which begins a line outside any record:
    /// no byte order mark, no skipped lines, the leader's header. Its lines and records count from
    /// 1 and 0; the chunked stream adds the chunks before it.
    static func chunk(of template: CSVChunkTemplate, from start: Int, to stop: Int) throws(ChartError) -> CSVObservationStream {
        let chart = template.chart
        let bytes = FileBytes(file: template.file, displayPath: chart.source.displayPath, from: start)
        let reader = try CSVObservationStream(chart: chart, time: template.time, limits: template.limits, batchSize: template.batchSize,
                                              bytesPerBatch: template.bytesPerBatch, collectText: false, bytes: bytes)
        reader.state.pointee.inHeader = false
        reader.state.pointee.columns = template.columns
        reader.state.pointee.roles = template.roles
        reader.state.pointee.needed = template.needed
        reader.linesToSkip = 0
        reader.started = true
        reader.extend(to: stop)
        return reader
    }

    /// What the readers of later chunks start from, once the header is read.
    func template() -> CSVChunkTemplate {
        CSVChunkTemplate(chart: state.pointee.chart, time: time, limits: state.pointee.limits, batchSize: batchSize,
                         bytesPerBatch: bytesPerBatch, columns: state.pointee.columns, roles: state.pointee.roles,
                         needed: state.pointee.needed, file: bytes.file)
    }

    private init(chart: ChartSpec, time: TimeReader, limits: IngestLimits, batchSize: Int, bytesPerBatch: Int,
                 collectText: Bool, bytes: FileBytes) throws(ChartError) {
        xType = chart.x.type
        sourcePath = chart.source.displayPath
        self.batchSize = batchSize
        self.bytesPerBatch = bytesPerBatch
        self.time = time
        linesToSkip = chart.source.skipRows
        self.bytes = bytes
        state = .allocate(capacity: 1)
        var assembly = RecordAssembly(chart: chart, time: time, limits: limits)
        assembly.batch.reserveCapacity(batchSize + chart.y.fields.count)
        state.initialize(to: CSVState(inHeader: chart.source.header, collectText: collectText, assembly: assembly,
                                      chart: chart, limits: limits, skip: chart.source.onError == .skip))
        // Once every property is set, deinit frees the parser and the state, also after a throw.
        guard csv_init(&parser, strictOptions) == 0 else {
            throw ChartError("cannot start the CSV parser (out of memory)", at: SourceLocation(path: sourcePath))
        }
        csv_set_delim(&parser, chart.source.delimiter)
        csv_set_quote(&parser, chart.source.quote)
    }

    deinit {
        csv_free(&parser)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var seriesNames: [String] { state.pointee.assembly.seriesNames }
    var categories: [String] { state.pointee.assembly.categories }
    var recordsRead: Int { state.pointee.nextRecord }
    var recordsSkipped: Int { state.pointee.skipLog.skipped }
    var warnings: [Diagnostic] { state.pointee.skipLog.summary(path: sourcePath) }
    /// Header names (after the header row has been read).
    var columns: [String] { state.pointee.columns }

    /// The next batch; an empty one when a long stretch of input (skipped rows, a huge line) gave
    /// no values, so that the caller can poll cancellation; nil at the end (or at `stopAt`).
    func next() throws -> ObservationBatch? {
        try nextBatch()
    }

    /// `next()` with its error type spelled out.
    func nextBatch() throws(ChartError) -> ObservationBatch? {
        if finished || paused, state.pointee.assembly.batch.isEmpty { return nil }
        try pump(observations: batchSize, rows: .max, bytes: bytesPerBatch)
        if state.pointee.assembly.batch.isEmpty { return finished || paused ? nil : ObservationBatch() }
        return try state.pointee.assembly.takeBatch(reserving: batchSize + state.pointee.assembly.ys.count, path: sourcePath)
    }

    // MARK: Chunks (ChunkedStream)

    /// Reads the skipped lines and the header, one line at a time, so that the data that follows
    /// can be split; a failure is thrown as `next()` would throw it.
    func readPreamble() throws(ChartError) {
        while !finished, !paused, linesToSkip > 0 || skippingLine || state.pointee.inHeader {
            try pump(observations: .max, rows: .max, bytes: 1)
        }
    }

    /// File offset of the next byte to read.
    var position: Int { bytes.offset + pos }
    /// Whether a record can start where the reader is: between rows, not discarding a bad line's rest.
    var atRecordStart: Bool { parser.pstate == rowNotBegun && !skippingLine && column == 1 }
    /// Physical lines read to the end.
    var linesDone: Int { line - 1 }
    /// Records skipped so far, with the first positions.
    var skipped: SkipLog { state.pointee.skipLog }
    var file: OpenFile { bytes.file }
    /// A wall-clock time repeated by a fall-back (`ambiguous: order` places it by the records
    /// before it), or a skipped record too long to keep for its error column (whether the column is
    /// known depends on where reads fell), read by a later chunk's reader.
    var dependsOnEarlierChunks: Bool {
        state.pointee.assembly.placedRepeat || (droppedRecordStart && state.pointee.skipLog.skipped > 0)
    }

    /// Reads on to `stop`, or to the end of the file for `Int.max`.
    func extend(to stop: Int) {
        stopAt = stop
        bytes.readLimit = stop
        paused = false
    }

    /// Preview mode: the next rows as text (up to `limit`).
    func textRows(limit: Int) throws(ChartError) -> [[String]] {
        try pump(observations: .max, rows: limit, bytes: .max)
        return state.pointee.textRows
    }

    /// Feeds lines to libcsv until the batch has `observations` (or preview has `rows`), about
    /// `budget` bytes were fed, or the file ends.
    private func pump(observations: Int, rows: Int, bytes budget: Int) throws(ChartError) {
        let startOffset = bytes.offset + pos
        while !finished, state.pointee.assembly.batch.y.count < observations, state.pointee.textRows.count < rows,
              bytes.offset + pos - startOffset < budget {
            if bytes.offset + pos >= stopAt { paused = true; return }
            let limit = badByte ?? bytes.end
            if pos >= limit {
                if let bad = badByte, pos >= bad { throw notUTF8(at: bad) }
                if bytes.atEOF { try finish(); return }
                try refill()
                continue
            }
            let start = bytes.base + pos
            let newline = memchr(start, 0x0A, limit - pos)
            if newline == nil, !bytes.atEOF, limit == bytes.end, limit - pos < bytes.blockSize {
                try refill() // prefer whole lines, so that a piece never starts mid-line
                continue
            }
            let pieceEnd = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.base) + 1 } ?? limit
            try feed(to: pieceEnd, endsLine: newline != nil)
        }
    }

    private func feed(to pieceEnd: Int, endsLine: Bool) throws(ChartError) {
        defer {
            if endsLine {
                line += 1
                column = 1
            } else {
                column += characters(from: pos, to: pieceEnd)
            }
            pos = pieceEnd
        }
        if linesToSkip > 0 || skippingLine {
            if endsLine {
                if skippingLine { skippingLine = false } else { linesToSkip -= 1 }
            }
            return
        }
        if parser.pstate == rowNotBegun {
            state.pointee.recordStart = pos
            state.pointee.recordKnown = true
            state.pointee.recordLine = line
            state.pointee.recordColumn = column
        }
        state.pointee.base = UnsafePointer(bytes.base)
        state.pointee.scanEnd = pieceEnd
        let quote = state.pointee.chart.source.quote
        var start = pos
        while start < pieceEnd {
            let stop = start + csv_parse(&parser, bytes.base + start, pieceEnd - start, fieldCallback, rowCallback, state)
            if state.pointee.stopped, let failure = state.pointee.failure { throw failure }
            guard stop < pieceEnd else { break }
            // A quote inside an unquoted field (5" screen) is text: it opens nothing, so the row's
            // fields are unambiguous, and an unused column must not fail the chart (RFC 4180 §2.5
            // asks for quoting; libcsv's relaxed mode reads it so).
            guard bytes.base[stop] == quote, parser.pstate == fieldBegun, parser.quoted == 0 else {
                try syntaxError(at: stop, endsLine: endsLine)
                break
            }
            parser.status = 0
            csv_set_opts(&parser, relaxedOptions)
            _ = csv_parse(&parser, bytes.base + stop, 1, fieldCallback, rowCallback, state)
            csv_set_opts(&parser, strictOptions)
            start = stop + 1
        }
        if parser.entry_pos > state.pointee.limits.maxFieldBytes { throw fieldTooLong() }
    }

    /// A quoted field followed by something other than a delimiter or the end of the line: where the
    /// field (and so the row) ends cannot be known.
    private func syntaxError(at index: Int, endsLine: Bool) throws(ChartError) {
        let byte = bytes.base[index]
        let shown = byte < 0x80 && byte >= 0x20 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        let message = "the row cannot be parsed: unexpected \(shown) after the closing quote of a field; a quoted field must end at a delimiter or the end of the line (double quotes inside it: \"\")"
        let location = SourceLocation(path: sourcePath, line: line, column: column + characters(from: pos, to: index))
        let error = ChartError(message, code: .ingestBadCsv, at: location)
        guard state.pointee.skip else { throw error }
        // Skip the rest of the physical line and start a fresh row; a record already rejected is counted once.
        if !state.pointee.recordBad { state.pointee.skipLog.note(error) }
        state.pointee.nextRecord += 1
        state.pointee.fieldIndex = 0
        state.pointee.recordBad = false
        parser.pstate = rowNotBegun
        parser.quoted = 0
        parser.spaces = 0
        parser.entry_pos = 0
        parser.status = 0
        skippingLine = !endsLine
    }

    private func fieldTooLong() -> ChartError {
        let limit = state.pointee.limits.maxFieldBytes
        return ChartError(IngestLimits.exceeded("a field is longer than \(limit) bytes", option: "maxFieldBytes",
                                                hint: "an unclosed quote is the usual cause; "),
                          code: .ingestFieldTooLong, at: state.pointee.position(ofField: state.pointee.fieldIndex))
    }

    private func finish() throws(ChartError) {
        if !utf8.isComplete { throw notUTF8(at: utf8.sequenceStart - bytes.offset) }
        state.pointee.scanEnd = bytes.end
        if csv_fini(&parser, fieldCallback, rowCallback, state) != 0 {
            if let failure = state.pointee.failure { throw failure }
            throw ChartError("a quoted field is never closed; add the closing quote", code: .ingestBadCsv,
                             at: state.pointee.position(ofField: state.pointee.fieldIndex))
        }
        if let failure = state.pointee.failure { throw failure }
        let source = state.pointee.chart.source
        if source.skipRows > 0, !state.pointee.collectText, linesToSkip > 0 || state.pointee.inHeader {
            let lines = line - 1 + (column > 1 ? 1 : 0)
            let left = source.header ? "no header row is left" : "no row is left"
            throw ChartError("the file has only \(lines) line\(lines == 1 ? "" : "s"), and \"skipRows\" skips \(source.skipRows): \(left) to read; lower \"skipRows\"",
                             code: .ingestSkippedEverything, at: SourceLocation(path: sourcePath), field: "source.skipRows")
        }
        if state.pointee.inHeader, !state.pointee.collectText {
            throw ChartError("the file has no header row; it is empty (\"header\": true expects the column names first)",
                             at: SourceLocation(path: sourcePath, line: line))
        }
        finished = true
    }

    private func refill() throws(ChartError) {
        var keep = pos
        let recordStart = state.pointee.recordStart
        if state.pointee.recordKnown, recordStart < pos {
            if pos - recordStart <= maxRetained {
                keep = recordStart
            } else {
                state.pointee.recordKnown = false
                droppedRecordStart = true
            }
        }
        let shift = try bytes.refill(keepingFrom: keep)
        pos -= shift
        state.pointee.recordStart -= shift
        checkedEnd -= shift
        if !started {
            started = true
            // A UTF-8 byte order mark is not data.
            if bytes.end >= 3, bytes.base[0] == 0xEF, bytes.base[1] == 0xBB, bytes.base[2] == 0xBF {
                pos = 3
                checkedEnd = 3
            }
        }
        if badByte == nil {
            badByte = utf8.scan(bytes.base, from: max(checkedEnd, 0), to: bytes.end, offset: bytes.offset)
            checkedEnd = bytes.end
        }
    }

    private func notUTF8(at index: Int) -> ChartError {
        let offset = bytes.offset + index
        let lineOfByte = index < pos ? line - count(0x0A, from: index, to: pos) : line + count(0x0A, from: pos, to: index)
        var lineStart = index
        while lineStart > 0, bytes.base[lineStart - 1] != 0x0A { lineStart -= 1 }
        // The column is known when the start of its line is still in the buffer.
        let column = lineStart == 0 && bytes.offset > 0 ? nil : 1 + characters(from: lineStart, to: index)
        let byte = index < bytes.end ? " 0x" + String(bytes.base[index], radix: 16, uppercase: true) : ""
        return ChartError("the file is not UTF-8: invalid byte\(byte) at byte offset \(offset); save it as UTF-8",
                          at: SourceLocation(path: sourcePath, line: lineOfByte, column: column))
    }

    private func characters(from: Int, to: Int) -> Int {
        var n = 0
        var i = from
        while i < to { if bytes.base[i] & 0xC0 != 0x80 { n += 1 }; i += 1 }
        return n
    }

    private func count(_ byte: UInt8, from: Int, to: Int) -> Int {
        var n = 0
        var i = from
        while i < to { if bytes.base[i] == byte { n += 1 }; i += 1 }
        return n
    }
}
