/// Parses elements, attributes, text, character and entity references, CDATA, comments and
/// processing instructions; skips a DTD. Not a validating parser.
///
/// Why not FoundationXML: on Swift 6.3.1 for Linux its `XMLParser` returns true from `parse()` for
/// malformed documents, reports no error at all for an empty document or an unclosed root element,
/// names libxml2's error numbers with shifted `ErrorCode` cases and no message, and silently drops
/// references to entities declared in an internal DTD; `XMLDocument` recovers from malformed
/// documents with a partial tree and prints libxml2's errors on stderr. It would also link
/// libFoundationXML and libxml2 into the binary. XLIFF import needs exact errors with a line more.
struct XMLTreeParser {
    private let chars: [Character]
    private var i = 0

    /// `text` as the parser reads it: CR LF and a lone CR become LF (XML 1.0 §2.11), so that a
    /// file saved on Windows imports the same texts; a written `&#13;` still gives a CR.
    init(_ text: String) {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }
            scalars.append(scalar == "\r" ? "\n" : scalar)
        }
        chars = Array(String(scalars))
    }

    /// XML's white space (§2.3): space, tab, line feed; not every Unicode space.
    private static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" }

    static func parse(_ text: String) throws(XMLSyntaxError) -> XMLElement {
        var parser = XMLTreeParser(text)
        return try parser.document()
    }

    private var line: Int { chars[..<min(i, chars.count)].reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }

    private func fail(_ message: String) -> XMLSyntaxError { XMLSyntaxError(message: message, line: line) }

    private func starts(_ s: String) -> Bool { chars[i...].starts(with: s) }

    private mutating func skip(past s: String) throws(XMLSyntaxError) {
        let target = Array(s)
        while i < chars.count {
            if chars[i...].starts(with: target) { i += target.count; return }
            i += 1
        }
        throw fail("'\(s)' expected before the end of the file")
    }

    private mutating func skipMisc() throws(XMLSyntaxError) {
        while i < chars.count {
            if Self.isSpace(chars[i]) { i += 1 }
            else if starts("<?") { try skip(past: "?>") }
            else if starts("<!--") { try skip(past: "-->") }
            else if starts("<!DOCTYPE") { try skip(past: ">") }
            else { return }
        }
    }

    mutating func document() throws(XMLSyntaxError) -> XMLElement {
        if i < chars.count, chars[i] == "\u{FEFF}" { i += 1 }
        try skipMisc()
        guard i < chars.count, chars[i] == "<" else { throw fail("the document has no root element") }
        let root = try element()
        try skipMisc()
        guard i == chars.count else { throw fail("text after the root element") }
        return root
    }

    private mutating func name() throws(XMLSyntaxError) -> String {
        var out = ""
        while i < chars.count, !Self.isSpace(chars[i]), !"=/>\"'<".contains(chars[i]) { out.append(chars[i]); i += 1 }
        if out.isEmpty { throw fail("a name was expected") }
        return out
    }

    private mutating func skipSpace() { while i < chars.count, Self.isSpace(chars[i]) { i += 1 } }

    private mutating func element() throws(XMLSyntaxError) -> XMLElement {
        i += 1  // "<"
        let tag = try name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard i < chars.count else { throw fail("unterminated tag <\(tag)>") }
            if chars[i] == "/" {
                guard i + 1 < chars.count, chars[i + 1] == ">" else { throw fail("'/>' expected in <\(tag)>") }
                i += 2
                return XMLElement(name: tag, attributes: attributes, children: [])
            }
            if chars[i] == ">" { i += 1; break }
            let attribute = try name()
            skipSpace()
            guard i < chars.count, chars[i] == "=" else { throw fail("'=' expected after attribute '\(attribute)'") }
            i += 1
            skipSpace()
            guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else {
                throw fail("a quoted value expected for '\(attribute)'")
            }
            let quote = chars[i]
            i += 1
            var raw = ""
            while i < chars.count, chars[i] != quote { raw.append(chars[i]); i += 1 }
            guard i < chars.count else { throw fail("unterminated value of '\(attribute)'") }
            i += 1
            // Attribute-value normalisation (§3.3.3): a literal tab or line feed becomes a space; references keep theirs.
            attributes[attribute] = try decode(String(raw.map { $0 == "\n" || $0 == "\t" ? " " : $0 }))
        }
        var children: [XMLNode] = []
        var text = ""
        while true {
            guard i < chars.count else { throw fail("<\(tag)> is not closed") }
            if starts("</") {
                i += 2
                let closing = try name()
                guard closing == tag else { throw fail("</\(closing)> closes <\(tag)>") }
                skipSpace()
                guard i < chars.count, chars[i] == ">" else { throw fail("'>' expected after </\(closing)") }
                i += 1
                if !text.isEmpty { children.append(.text(text)) }
                return XMLElement(name: tag, attributes: attributes, children: children)
            } else if starts("<!--") {
                try skip(past: "-->")
            } else if starts("<![CDATA[") {
                i += 9
                let start = i
                try skip(past: "]]>")
                text += String(chars[start..<(i - 3)])
            } else if starts("<?") {
                try skip(past: "?>")
            } else if chars[i] == "<" {
                if !text.isEmpty { children.append(.text(text)); text = "" }
                children.append(.element(try element()))
            } else {
                var raw = ""
                while i < chars.count, chars[i] != "<" { raw.append(chars[i]); i += 1 }
                text += try decode(raw)
            }
        }
    }

    /// Replaces character references and the five predefined entity references.
    private func decode(_ raw: String) throws(XMLSyntaxError) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = raw[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw fail("'&' must start a reference; write '&amp;'") }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let scalar: UInt32?
                if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) }
                else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst()) }
                else { throw fail("unknown entity '&\(entity);'") }
                guard let value = scalar, let s = Unicode.Scalar(value) else {
                    throw fail("invalid character reference '&\(entity);'")
                }
                out.unicodeScalars.append(s)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
