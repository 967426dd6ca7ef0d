import CCSV
import ChartpipeCore
import Glibc

/// libcsv's parser states (libcsv.c): between rows, and inside a field.
private let rowNotBegun: Int32 = 0
private let fieldBegun: Int32 = 2
/// libcsv's options: strict, so that a malformed quote is an error and never silently joins rows.
private let strictOptions = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)
/// Relaxed for one byte: a quote inside an unquoted field is then the text it looks like.
private let relaxedOptions = UInt8(CSV_STRICT_FINI | CSV_APPEND_NULL)

private let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { field, n, context in
    context?.assumingMemoryBound(to: CSVRecordBinder.self).pointee.field(field, n)
}

private let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
    context?.assumingMemoryBound(to: CSVRecordBinder.self).pointee.rowEnd()
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
    private let binder: UnsafeMutablePointer<CSVRecordBinder>
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
            binder.pointee.bind()
            if let failure = binder.pointee.failure { throw failure }
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
        reader.binder.pointee.inHeader = false
        reader.binder.pointee.columns = template.columns
        reader.binder.pointee.roles = template.roles
        reader.binder.pointee.needed = template.needed
        reader.linesToSkip = 0
        reader.started = true
        reader.extend(to: stop)
        return reader
    }

    /// What the readers of later chunks start from, once the header is read.
    func template() -> CSVChunkTemplate {
        CSVChunkTemplate(chart: binder.pointee.chart, time: time, limits: binder.pointee.limits, batchSize: batchSize,
                         bytesPerBatch: bytesPerBatch, columns: binder.pointee.columns, roles: binder.pointee.roles,
                         needed: binder.pointee.needed, file: bytes.file)
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
        binder = .allocate(capacity: 1)
        var assembly = RecordAssembly(chart: chart, time: time, limits: limits)
        assembly.batch.reserveCapacity(batchSize + chart.y.fields.count)
        binder.initialize(to: CSVRecordBinder(inHeader: chart.source.header, collectText: collectText, assembly: assembly,
                                      chart: chart, limits: limits, skip: chart.source.onError == .skip))
        // Once every property is set, deinit frees the parser and the binder, also after a throw.
        guard csv_init(&parser, strictOptions) == 0 else {
            throw ChartError("cannot start the CSV parser (out of memory)", at: SourceLocation(path: sourcePath))
        }
        csv_set_delim(&parser, chart.source.delimiter)
        csv_set_quote(&parser, chart.source.quote)
    }

    deinit {
        csv_free(&parser)
        binder.deinitialize(count: 1)
        binder.deallocate()
    }

    var seriesNames: [String] { binder.pointee.assembly.seriesNames }
    var categories: [String] { binder.pointee.assembly.categories }
    var recordsRead: Int { binder.pointee.nextRecord }
    var recordsSkipped: Int { binder.pointee.skipLog.skipped }
    var warnings: [Diagnostic] { binder.pointee.skipLog.summary(path: sourcePath) }
    /// Header names (after the header row has been read).
    var columns: [String] { binder.pointee.columns }

    /// The next batch; an empty one when a long stretch of input (skipped rows, a huge line) gave
    /// no values, so that the caller can poll cancellation; nil at the end (or at `stopAt`).
    func next() throws -> ObservationBatch? {
        try nextBatch()
    }

    /// `next()` with its error type spelled out.
    func nextBatch() throws(ChartError) -> ObservationBatch? {
        if finished || paused, binder.pointee.assembly.batch.isEmpty { return nil }
        try pump(observations: batchSize, rows: .max, bytes: bytesPerBatch)
        if binder.pointee.assembly.batch.isEmpty { return finished || paused ? nil : ObservationBatch() }
        return try binder.pointee.assembly.takeBatch(reserving: batchSize + binder.pointee.assembly.ys.count, path: sourcePath)
    }

    // MARK: Chunks (ChunkedStream)

    /// Reads the skipped lines and the header, one line at a time, so that the data that follows
    /// can be split; a failure is thrown as `next()` would throw it.
    func readPreamble() throws(ChartError) {
        while !finished, !paused, linesToSkip > 0 || skippingLine || binder.pointee.inHeader {
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
    var skipped: SkipLog { binder.pointee.skipLog }
    var file: OpenFile { bytes.file }
    /// A wall-clock time repeated by a fall-back (`ambiguous: order` places it by the records
    /// before it), or a skipped record too long to keep for its error column (whether the column is
    /// known depends on where reads fell), read by a later chunk's reader.
    var dependsOnEarlierChunks: Bool {
        binder.pointee.assembly.placedRepeat || (droppedRecordStart && binder.pointee.skipLog.skipped > 0)
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
        return binder.pointee.textRows
    }

    /// Feeds lines to libcsv until the batch has `observations` (or preview has `rows`), about
    /// `budget` bytes were fed, or the file ends.
    private func pump(observations: Int, rows: Int, bytes budget: Int) throws(ChartError) {
        let startOffset = bytes.offset + pos
        while !finished, binder.pointee.assembly.batch.y.count < observations, binder.pointee.textRows.count < rows,
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
            binder.pointee.recordStart = pos
            binder.pointee.recordKnown = true
            binder.pointee.recordLine = line
            binder.pointee.recordColumn = column
        }
        binder.pointee.base = UnsafePointer(bytes.base)
        binder.pointee.scanEnd = pieceEnd
        let quote = binder.pointee.chart.source.quote
        var start = pos
        while start < pieceEnd {
            let stop = start + csv_parse(&parser, bytes.base + start, pieceEnd - start, fieldCallback, rowCallback, binder)
            if binder.pointee.stopped, let failure = binder.pointee.failure { throw failure }
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
            _ = csv_parse(&parser, bytes.base + stop, 1, fieldCallback, rowCallback, binder)
            csv_set_opts(&parser, strictOptions)
            start = stop + 1
        }
        if parser.entry_pos > binder.pointee.limits.maxFieldBytes { throw fieldTooLong() }
    }

    /// A quoted field followed by something other than a delimiter or the end of the line: where the
    /// field (and so the row) ends cannot be known.
    private func syntaxError(at index: Int, endsLine: Bool) throws(ChartError) {
        let byte = bytes.base[index]
        let shown = byte < 0x80 && byte >= 0x20 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        let message = "the row cannot be parsed: unexpected \(shown) after the closing quote of a field; a quoted field must end at a delimiter or the end of the line (double quotes inside it: \"\")"
        let location = SourceLocation(path: sourcePath, line: line, column: column + characters(from: pos, to: index))
        let error = ChartError(message, code: .ingestBadCsv, at: location)
        guard binder.pointee.skip else { throw error }
        // Skip the rest of the physical line and start a fresh row; a record already rejected is counted once.
        if !binder.pointee.recordBad { binder.pointee.skipLog.note(error) }
        binder.pointee.nextRecord += 1
        binder.pointee.fieldIndex = 0
        binder.pointee.recordBad = false
        parser.pstate = rowNotBegun
        parser.quoted = 0
        parser.spaces = 0
        parser.entry_pos = 0
        parser.status = 0
        skippingLine = !endsLine
    }

    private func fieldTooLong() -> ChartError {
        let limit = binder.pointee.limits.maxFieldBytes
        return ChartError(IngestLimits.exceeded("a field is longer than \(limit) bytes", option: "maxFieldBytes",
                                                hint: "an unclosed quote is the usual cause; "),
                          code: .ingestFieldTooLong, at: binder.pointee.position(ofField: binder.pointee.fieldIndex))
    }

    private func finish() throws(ChartError) {
        if !utf8.isComplete { throw notUTF8(at: utf8.sequenceStart - bytes.offset) }
        binder.pointee.scanEnd = bytes.end
        if csv_fini(&parser, fieldCallback, rowCallback, binder) != 0 {
            if let failure = binder.pointee.failure { throw failure }
            throw ChartError("a quoted field is never closed; add the closing quote", code: .ingestBadCsv,
                             at: binder.pointee.position(ofField: binder.pointee.fieldIndex))
        }
        if let failure = binder.pointee.failure { throw failure }
        let source = binder.pointee.chart.source
        if source.skipRows > 0, !binder.pointee.collectText, linesToSkip > 0 || binder.pointee.inHeader {
            let lines = line - 1 + (column > 1 ? 1 : 0)
            let left = source.header ? "no header row is left" : "no row is left"
            throw ChartError("the file has only \(lines) line\(lines == 1 ? "" : "s"), and \"skipRows\" skips \(source.skipRows): \(left) to read; lower \"skipRows\"",
                             code: .ingestSkippedEverything, at: SourceLocation(path: sourcePath), field: "source.skipRows")
        }
        if binder.pointee.inHeader, !binder.pointee.collectText {
            throw ChartError("the file has no header row; it is empty (\"header\": true expects the column names first)",
                             at: SourceLocation(path: sourcePath, line: line))
        }
        finished = true
    }

    private func refill() throws(ChartError) {
        var keep = pos
        let recordStart = binder.pointee.recordStart
        if binder.pointee.recordKnown, recordStart < pos {
            if pos - recordStart <= maxRetained {
                keep = recordStart
            } else {
                binder.pointee.recordKnown = false
                droppedRecordStart = true
            }
        }
        let shift = try bytes.refill(keepingFrom: keep)
        pos -= shift
        binder.pointee.recordStart -= shift
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
