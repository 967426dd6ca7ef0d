/// Gettext PO export and import of a catalog: one entry per text, `msgctxt` the unit id (the key,
/// or `key|==|plural.one`), `msgid` the source text, `msgstr` the translation.
///
/// States travel as flags: `fuzzy` for `needs_review`, `x-new` and `x-stale` for the others. An
/// empty `msgstr` means "not translated", so an empty translation does not survive a round trip.
public enum PortableObject {
    /// The PO text for `locale`.
    public static func export(_ catalog: StringCatalog, locale: String) -> String {
        var out = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Language: \(escape(locale))\\n"
        "X-Source-Language: \(escape(catalog.sourceLanguage))\\n"
        "X-Generator: chartpipe\\n"

        """
        for unit in CatalogExchange.units(of: catalog, locale: locale) {
            out += "\n"
            if let note = unit.note {
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) { out += "#. \(line)\n" }
            }
            switch unit.state {
            case "needs_review": out += "#, fuzzy\n"
            case nil, "translated": break
            case let state?: out += "#, x-\(state)\n"
            }
            out += "msgctxt \"\(escape(unit.id))\"\n"
            out += "msgid \"\(escape(unit.source))\"\n"
            out += "msgstr \"\(escape(unit.target ?? ""))\"\n"
        }
        return out
    }

    /// The units of a PO file and its `Language` header; `path` names it in errors.
    public static func parse(_ text: String, path: String) throws(CatalogError) -> (language: String?, units: [TranslationUnit]) {
        let parsed = try parseWithLines(text, path: path)
        return (parsed.language, parsed.units)
    }

    /// As `parse`, with the line of the `Language` header.
    static func parseWithLines(_ text: String, path: String) throws(CatalogError)
        -> (language: String?, languageLine: Int?, units: [TranslationUnit]) {
        var headerLanguageLine: Int?
        var units: [TranslationUnit] = []
        var language: String?
        var flags: [String] = []
        var notes: [String] = []
        var fields: [String: String] = [:]
        var current: String?
        var lineNumber = 0
        var languageLine: Int?

        func finish() {
            defer { flags = []; notes = []; fields = [:]; current = nil }
            guard let id = fields["msgid"] else { return }
            guard let context = fields["msgctxt"] else {
                if id.isEmpty, let header = fields["msgstr"] {
                    for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
                        language = line.dropFirst("Language:".count).trimmingSpaces()
                        headerLanguageLine = languageLine
                    }
                }
                return
            }
            let target = fields["msgstr"].flatMap { $0.isEmpty ? nil : $0 }
            var state = "translated"
            if flags.contains("fuzzy") { state = "needs_review" }
            if let custom = flags.first(where: { $0.hasPrefix("x-") }) { state = String(custom.dropFirst(2)) }
            units.append(TranslationUnit(id: context, source: id, target: target, state: target == nil ? nil : state,
                                         note: notes.isEmpty ? nil : notes.joined(separator: "\n")))
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            // A keyword, a space and the quotes around the longest text.
            if line.utf8.count > ImportLimits.maxTextBytes + 16 {
                throw CatalogError(path: path, line: lineNumber, message: "the line is longer than \(ImportLimits.maxTextBytes) bytes, the most an import reads in one text")
            }
            if line.isEmpty {
                if !fields.isEmpty { finish() }
                continue
            }
            if line.hasPrefix("#") {
                if fields["msgid"] != nil || fields["msgstr"] != nil { finish() }
                if line.hasPrefix("#,") {
                    flags += line.dropFirst(2).split(separator: ",").map { $0.trimmingSpaces() }
                } else if line.hasPrefix("#.") {
                    var note = line.dropFirst(2)
                    if note.first == " " { note = note.dropFirst() }
                    notes.append(String(note))
                }
                continue
            }
            if line.hasPrefix("\"") {
                guard let field = current else {
                    throw CatalogError(path: path, line: lineNumber, message: "a string continues no msgid, msgstr or msgctxt")
                }
                if line.hasPrefix("\"Language:") { languageLine = lineNumber }
                fields[field, default: ""] += try unquote(line, path: path, line: lineNumber)
                if (fields[field]?.utf8.count ?? 0) > ImportLimits.maxTextBytes {
                    throw CatalogError(path: path, line: lineNumber, message: "the \(field) is longer than \(ImportLimits.maxTextBytes) bytes, the most an import reads in one text")
                }
                continue
            }
            guard let space = line.firstIndex(of: " ") else {
                throw CatalogError(path: path, line: lineNumber, message: "'\(line)' is not a PO keyword line")
            }
            let keyword = String(line[..<space])
            guard ["msgctxt", "msgid", "msgstr"].contains(keyword) else {
                throw CatalogError(path: path, line: lineNumber,
                                   message: "'\(keyword)' is not supported; catalogs export msgctxt, msgid and msgstr")
            }
            // A new msgctxt or msgid after a msgstr starts the next entry even without a blank line.
            if keyword != "msgstr", fields["msgstr"] != nil { finish() }
            current = keyword
            fields[keyword] = try unquote(line[line.index(after: space)...], path: path, line: lineNumber)
            if (fields[keyword]?.utf8.count ?? 0) > ImportLimits.maxTextBytes {
                throw CatalogError(path: path, line: lineNumber, message: "the \(keyword) is longer than \(ImportLimits.maxTextBytes) bytes, the most an import reads in one text")
            }
        }
        finish()
        return (language, headerLanguageLine, units)
    }

    /// Imports the bytes of a PO file (UTF-8, else an error with its line; at most
    /// `ImportLimits.maxFileBytes`) into `catalog`, as `importing(_:path:locale:into:)`.
    public static func importing(bytes: [UInt8], path: String, locale: String? = nil,
                                 into catalog: StringCatalog) throws(CatalogError) -> ImportResult {
        if bytes.count > ImportLimits.maxFileBytes {
            throw CatalogError(path: path, message: "the file has \(bytes.count) bytes, more than the \(ImportLimits.maxFileBytes) an import reads; split it")
        }
        return try importing(try ImportLimits.text(bytes, path: path), path: path, locale: locale, into: catalog)
    }

    /// Imports a PO file into `catalog`, as the locale `locale` or, if nil, its `Language` header.
    public static func importing(_ text: String, path: String, locale: String? = nil,
                                 into catalog: StringCatalog) throws(CatalogError) -> ImportResult {
        let (language, languageLine, units) = try parseWithLines(text, path: path)
        guard let target = locale ?? language else {
            throw CatalogError(path: path, message: "the PO file has no 'Language' header; pass the locale")
        }
        guard ImportLimits.isLanguageTag(target) else {
            throw CatalogError(path: path, line: locale == nil ? languageLine : nil,
                               message: "the locale '\(target)' is not a BCP 47 language tag such as 'ko' or 'zh-Hans'")
        }
        var result = CatalogExchange.apply(units, locale: target, to: catalog)
        result.warnings = result.warnings.map { "\(path): warning: \($0)" }
        return result
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unquote(_ quoted: Substring, path: String, line: Int) throws(CatalogError) -> String {
        let trimmed = quoted.trimmingSpaces()
        guard trimmed.unicodeScalars.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else {
            throw CatalogError(path: path, line: line, message: "a quoted string was expected")
        }
        var out = ""
        var escaping = false
        for scalar in trimmed.unicodeScalars.dropFirst().dropLast() {
            if escaping {
                switch scalar {
                case "n": out += "\n"
                case "r": out += "\r"
                case "t": out += "\t"
                case "\\": out += "\\"
                case "\"": out += "\""
                default: throw CatalogError(path: path, line: line, message: "unknown escape '\\\(scalar)'")
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaping { throw CatalogError(path: path, line: line, message: "the string ends with a lone backslash") }
        return out
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
