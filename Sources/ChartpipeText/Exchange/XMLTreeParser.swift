/// Parses elements, attributes, text, character and entity references, CDATA, comments and
/// processing instructions; skips a DTD. Not a validating parser.
///
/// Why not FoundationXML: on Swift 6.3.1 for Linux its `XMLParser` returns true from `parse()` for
/// malformed documents, reports no error at all for an empty document or an unclosed root element,
/// names libxml2's error numbers with shifted `ErrorCode` cases and no message, and silently drops
/// references to entities declared in an internal DTD; `XMLDocument` recovers from malformed
/// documents with a partial tree and prints libxml2's errors on stderr. It would also link
/// libFoundationXML and libxml2 into the binary. XLIFF import needs exact errors with a line more.
///
/// It reads UTF-8 bytes (one byte each, not a `Character` of 16), in one pass: each byte is looked
/// at a bounded number of times, elements nest at most `maxDepth` deep (the parser recurses) and a
/// text or attribute value holds at most `maxTextBytes`.
struct XMLTreeParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    /// Most elements nested in one another: XLIFF needs a handful; inline `<g>` in a target a few more.
    static let maxDepth = 64
    /// Most bytes of one text (the text of an element, with its CDATA) or attribute value.
    static let maxTextBytes = ImportLimits.maxTextBytes

    /// `bytes` as the parser reads them: CR LF and a lone CR become LF (XML 1.0 §2.11), so that a
    /// file saved on Windows imports the same texts; a written `&#13;` still gives a CR.
    init<Bytes: Sequence<UInt8>>(_ input: Bytes) {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(input.underestimatedCount)
        var afterCR = false
        for b in input {
            defer { afterCR = b == 0x0D }
            if b == 0x0A && afterCR { continue }
            normalized.append(b == 0x0D ? 0x0A : b)
        }
        bytes = normalized
    }

    /// XML's white space (§2.3): space, tab, line feed; not every Unicode space.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A }

    static func parse(_ text: String) throws(XMLSyntaxError) -> XMLElement {
        var parser = XMLTreeParser(text.utf8)
        return try parser.document()
    }

    /// Parses UTF-8 bytes (already checked to be UTF-8).
    static func parse(bytes: [UInt8]) throws(XMLSyntaxError) -> XMLElement {
        var parser = XMLTreeParser(bytes)
        return try parser.document()
    }

    /// Lines before `countedTo`, counted once: each element asks for its line, so counting from the
    /// start each time would be quadratic.
    private var countedLines = 1
    private var countedTo = 0

    private var line: Int {
        mutating get {
            let end = min(i, bytes.count)
            if end < countedTo { countedLines = 1; countedTo = 0 }
            for b in bytes[countedTo..<end] where b == 0x0A { countedLines += 1 }
            countedTo = end
            return countedLines
        }
    }

    private mutating func fail(_ message: String) -> XMLSyntaxError { XMLSyntaxError(message: message, line: line) }

    private func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where bytes[i + k] != p[k] { return false }
        return true
    }

    private mutating func skip(past s: StaticString) throws(XMLSyntaxError) {
        while i < bytes.count {
            if starts(s) { i += s.utf8CodeUnitCount; return }
            i += 1
        }
        throw fail("'\(s)' expected before the end of the file")
    }

    private mutating func skipMisc() throws(XMLSyntaxError) {
        while i < bytes.count {
            if Self.isSpace(bytes[i]) { i += 1 }
            else if starts("<?") { try skip(past: "?>") }
            else if starts("<!--") { try skip(past: "-->") }
            else if starts("<!DOCTYPE") { try skip(past: ">") }
            else { return }
        }
    }

    mutating func document() throws(XMLSyntaxError) -> XMLElement {
        if starts("\u{FEFF}") { i += 3 }
        try skipMisc()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw fail("the document has no root element") }
        let root = try element()
        try skipMisc()
        guard i == bytes.count else { throw fail("text after the root element") }
        return root
    }

    private static let nameStops: [UInt8] = Array("=/>\"'<".utf8)

    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), !Self.nameStops.contains(bytes[i]) { i += 1 }
        if i == start { throw fail("a name was expected") }
        if i - start > 1024 { throw fail("a name longer than 1024 bytes") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func skipSpace() { while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 } }

    private mutating func checkSize(_ count: Int, _ what: String) throws(XMLSyntaxError) {
        if count > Self.maxTextBytes {
            throw fail("\(what) is longer than \(Self.maxTextBytes) bytes, the most an import reads in one text")
        }
    }

    private mutating func element() throws(XMLSyntaxError) -> XMLElement {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            throw fail("elements nest more than \(Self.maxDepth) deep, the most an import reads")
        }
        let startLine = line
        i += 1  // "<"
        let tag = try name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unterminated tag <\(tag)>") }
            if bytes[i] == UInt8(ascii: "/") {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { throw fail("'/>' expected in <\(tag)>") }
                i += 2
                return XMLElement(name: tag, attributes: attributes, children: [], line: startLine)
            }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            let attribute = try name()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("'=' expected after attribute '\(attribute)'") }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw fail("a quoted value expected for '\(attribute)'")
            }
            let quote = bytes[i]
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != quote { i += 1 }
            guard i < bytes.count else { throw fail("unterminated value of '\(attribute)'") }
            try checkSize(i - start, "the value of '\(attribute)'")
            // Attribute-value normalisation (§3.3.3): a literal tab or line feed becomes a space; references keep theirs.
            let raw = bytes[start..<i].map { $0 == 0x0A || $0 == 0x09 ? 0x20 : $0 }
            i += 1
            var value: [UInt8] = []
            try decode(raw[...], into: &value)
            attributes[attribute] = String(decoding: value, as: UTF8.self)
        }
        var children: [XMLNode] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { children.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        while true {
            guard i < bytes.count else { throw fail("<\(tag)> is not closed") }
            if starts("</") {
                i += 2
                let closing = try name()
                guard closing == tag else { throw fail("</\(closing)> closes <\(tag)>") }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("'>' expected after </\(closing)") }
                i += 1
                flush()
                return XMLElement(name: tag, attributes: attributes, children: children, line: startLine)
            } else if starts("<!--") {
                try skip(past: "-->")
            } else if starts("<![CDATA[") {
                i += 9
                let start = i
                try skip(past: "]]>")
                try checkSize(text.count + (i - 3 - start), "the text of <\(tag)>")
                text += bytes[start..<(i - 3)]
            } else if starts("<?") {
                try skip(past: "?>")
            } else if bytes[i] == UInt8(ascii: "<") {
                flush()
                children.append(.element(try element()))
            } else {
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
                try checkSize(text.count + (i - start), "the text of <\(tag)>")
                let end = i
                i = start
                try decode(bytes[start..<end], into: &text)
                i = end
            }
        }
    }

    /// Appends `raw` to `out` with character references and the five predefined entity references
    /// replaced. `i` stays where the caller left it, so that an error names the text's line.
    private mutating func decode(_ raw: ArraySlice<UInt8>, into out: inout [UInt8]) throws(XMLSyntaxError) {
        var k = raw.startIndex
        while k < raw.endIndex {
            let b = raw[k]
            guard b == UInt8(ascii: "&") else {
                out.append(b)
                k += 1
                continue
            }
            var semi = k + 1
            while semi < raw.endIndex, semi - k <= 12, raw[semi] != UInt8(ascii: ";") { semi += 1 }
            guard semi < raw.endIndex, raw[semi] == UInt8(ascii: ";") else { throw fail("'&' must start a reference; write '&amp;'") }
            let entity = String(decoding: raw[(k + 1)..<semi], as: UTF8.self)
            switch entity {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let scalar: UInt32?
                if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) }
                else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst()) }
                else { throw fail("unknown entity '&\(entity);'") }
                guard let value = scalar, let s = Unicode.Scalar(value) else {
                    throw fail("invalid character reference '&\(entity);'")
                }
                out += Array(String(s).utf8)
            }
            k = semi + 1
        }
    }
}
