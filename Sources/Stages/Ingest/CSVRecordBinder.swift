import ChartpipeCore

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

/// A CSV record's fields bound to the chart's columns (x, series, y values) and assembled into
/// observations, with the positions errors name: everything the libcsv callbacks touch, reached
/// through a raw pointer so that the hot path has neither reference counting nor exclusivity checks.
struct CSVRecordBinder {
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
            let (p, n) = chart.x.type == .category ? asWritten(field: k, p, n) : (p, n)
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
            let (p, n) = asWritten(field: k, p, n)
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

    /// A text field (a series name, a category) as the file writes it. libcsv drops the spaces and
    /// tabs around an unquoted field, which would merge the series `a`, ` a` and `a `, and around a
    /// quoted one, which must stay (` "a" ` is `a`): so an unquoted field's bytes are taken from the
    /// record itself, and a quoted one, an empty one (spaces alone are a missing value) or one whose
    /// record is no longer kept is libcsv's field `p`, `n`.
    private func asWritten(field k: Int, _ p: UnsafePointer<UInt8>?, _ n: Int) -> (UnsafePointer<UInt8>?, Int) {
        guard n > 0, let base, let start = start(ofField: k) else { return (p, n) }
        let quote = chart.source.quote, delimiter = chart.source.delimiter
        var i = start.index
        while i < scanEnd, base[i] == 0x20 || base[i] == 0x09, base[i] != delimiter { i += 1 }
        if i < scanEnd, base[i] == quote { return (p, n) }
        var end = i
        while end < scanEnd, base[end] != delimiter, base[end] != 0x0A, base[end] != 0x0D { end += 1 }
        // The record's bytes hold at least libcsv's field; anything else keeps libcsv's.
        guard end - start.index >= n else { return (p, n) }
        return (base + start.index, end - start.index)
    }

    /// Line and 1-based character column where field `k` of the current record starts. A quote
    /// opens a quoted field only at the start of a field: elsewhere it is text (a stray quote).
    func position(ofField k: Int) -> SourceLocation {
        var location = SourceLocation(path: chart.source.displayPath, line: recordLine)
        guard let start = start(ofField: k) else { return location }
        location.line = start.line
        location.column = start.column
        return location
    }

    /// Where field `k` of the current record starts: its byte in `base`, its line and column; nil
    /// when the record's bytes are no longer kept.
    private func start(ofField k: Int) -> (index: Int, line: Int, column: Int)? {
        guard recordKnown, let base else { return nil }
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
        return (i, line, column)
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
