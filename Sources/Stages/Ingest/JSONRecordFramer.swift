import CJansson
import ChartpipeCore
import ChartpipeJSON
import Glibc

/// JSON text framed into records with their positions (SPEC §1, §3): the elements of an array of
/// records (the document, or the array that `records` points to, streamed past what comes before
/// it), or the lines of JSON Lines. Memory is bounded by the largest record, never by the file:
/// `json_loadb` with `JSON_DISABLE_EOF_CHECK` parses one element and reports how many bytes it
/// used. A document that is not an array is one record. Positions are where a record starts.
final class JSONRecordFramer {
    private enum Phase {
        case start
        case elements(first: Bool)
        case closing
        case done
    }

    let sourcePath: String
    let bytes: FileBytes
    private let recordsPointer: String
    private let maxRecordBytes: Int
    private let skipsBadRecords: Bool
    private var phase = Phase.start
    /// Containers around the records array (true for an object), innermost last.
    private var enclosing: [Bool] = []
    private(set) var pos = 0
    private(set) var line = 1
    private(set) var column = 1
    private(set) var started = false
    /// The document itself is the one record (it is not an array).
    private(set) var documentIsRecord = false
    private let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
    /// JSON Lines in chunks (`ChunkedStream`): where this framer pauses; `Int.max` for none.
    var stopAt = Int.max
    var paused = false
    /// Warnings of duplicate member names not yet taken by the decoder.
    private var notices: [Diagnostic] = []

    init(source: SourceSpec, limits: IngestLimits, bytes: FileBytes, started: Bool = false) {
        sourcePath = source.displayPath
        recordsPointer = source.records
        maxRecordBytes = limits.maxRecordBytes
        skipsBadRecords = source.onError == .skip
        self.bytes = bytes
        self.started = started
    }

    /// The warnings of duplicate member names since the last call.
    func takeNotices() -> [Diagnostic] {
        defer { notices = [] }
        return notices
    }

    /// A member name written twice in the record that starts at `line`:`column`: an error under
    /// `onError: fail` (which value is meant?), else a warning that the last value was read, which
    /// the decoder takes (`takeNotices`) in the order it comes.
    private func noteDuplicate(_ error: json_error_t, line: Int, column: Int,
                               value: UnsafeMutablePointer<json_t>) throws(ChartError) {
        let errorLine = max(Int(error.line), 1)
        let at = SourceLocation(path: sourcePath, line: line + errorLine - 1,
                                column: errorLine == 1 ? column + max(Int(error.column), 1) - 1 : max(Int(error.column), 1))
        // jansson's text: "duplicate object key near '"name"'".
        let text = Jansson.errorText(error)
        let near = text.split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false)
        let key = near.count == 2 ? String(near[1].dropLast()) : "?"
        guard skipsBadRecords else {
            json_decref(value)
            throw ChartError("an object has the member \(key) twice, so which value is meant is unclear; keep one (\"onError\": \"skip\" reads the last, with a warning)",
                             code: .ingestDuplicateKey, at: at)
        }
        notices.append(.warning("an object has the member \(key) twice; its last value is read", code: .ingestDuplicateKey, at: at))
    }

    // MARK: JSON Lines

    func nextLine() throws(ChartError) -> (UnsafeMutablePointer<json_t>, Int, Int)? {
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
            while first < lineEnd, JSONValueLoader.isSpace(bytes.base[first]) { first += 1 }
            let thisLine = line, thisColumn = column + (first - pos)
            var last = lineEnd
            while last > first, JSONValueLoader.isSpace(bytes.base[last - 1]) { last -= 1 }
            let start = pos
            pos = min(lineEnd + 1, bytes.end)
            line += 1
            column = 1
            if first == last { continue }
            var error = json_error_t()
            var duplicate: json_error_t?
            let value = JSONValueLoader.load(bytes.base + start, lineEnd - start, flags: flags, &error, duplicate: &duplicate)
            guard let value else {
                throw syntaxError(error, line: thisLine, column: 1, offset: bytes.offset + start)
            }
            if let duplicate { try noteDuplicate(duplicate, line: thisLine, column: 1, value: value) }
            return (value, thisLine, thisColumn)
        }
    }

    // MARK: Array of records

    func nextElement() throws(ChartError) -> (UnsafeMutablePointer<json_t>, Int, Int)? {
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
                    documentIsRecord = recordsPointer.isEmpty
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
        let pointer = recordsPointer
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

    func start() throws(ChartError) {
        started = true
        try bytes.refill(keepingFrom: 0)
        if bytes.end >= 3, bytes.base[0] == 0xEF, bytes.base[1] == 0xBB, bytes.base[2] == 0xBF { pos = 3 }
    }

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
        if available > maxRecordBytes {
            throw ChartError(IngestLimits.exceeded("a record is larger than \(maxRecordBytes) bytes", option: "maxRecordBytes"),
                             code: .ingestRecordTooLarge, at: here())
        }
        let wanted = available <= maxRecordBytes / 2 ? 2 * available : maxRecordBytes + 1
        pos -= try bytes.refill(keepingFrom: pos, atLeast: wanted)
    }

    /// One JSON value at `pos`; reads more of the file when the value runs past the buffer.
    private func parseValue() throws(ChartError) -> UnsafeMutablePointer<json_t> {
        while true {
            let available = bytes.end - pos
            var error = json_error_t()
            var duplicate: json_error_t?
            let value = JSONValueLoader.load(bytes.base + pos, available, flags: flags | Int(JSON_DISABLE_EOF_CHECK), &error,
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

    private func unexpected(_ b: UInt8?, expecting: String) -> ChartError {
        guard let b else { return endOfFile("the document") }
        let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
        return ChartError("invalid JSON at byte offset \(bytes.offset + pos): found \(shown) where \(expecting) should be; fix the file so that it is valid JSON",
                          at: here())
    }

    private func endOfFile(_ what: String) -> ChartError {
        ChartError("the file ends before \(what) is closed; it may be truncated", at: here())
    }

    /// jansson's limit on nesting (JSON_PARSER_MAX_DEPTH), fixed when the library is built.
    static let maximumDepth = 2048
}
