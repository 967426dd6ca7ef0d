import ChartpipeJSON

/// One `.xcstrings` file: Apple's String Catalog JSON, in the subset documented in
/// docs/localisation.md (`stringUnit`, `variations.plural`, `substitutions`).
public struct StringCatalog: Sendable, Hashable {
    public var sourceLanguage: String
    public var version: String
    public var entries: [String: CatalogEntry]

    public init(sourceLanguage: String = "en", version: String = "1.0", entries: [String: CatalogEntry] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
    }

    /// Keys in the order the file writes them (sorted, as Xcode does).
    public var keys: [String] { entries.keys.sorted() }

    /// Every locale that has at least one text, the source language first, then sorted.
    public var locales: [String] {
        var set = Set(entries.values.flatMap(\.localizations.keys))
        set.remove(sourceLanguage)
        return [sourceLanguage] + set.sorted()
    }

    /// Parses catalog text; `path` names the file in errors.
    public init(parsing bytes: [UInt8], path: String) throws(CatalogError) {
        TextWork.count(TextWork.catalogParses)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw CatalogError(path: path, line: error.line, column: error.column, message: error.message)
        }
        guard case let .object(members) = root else {
            throw CatalogError(path: path, message: "a string catalog is a JSON object with 'sourceLanguage' and 'strings'")
        }
        self = try CatalogReader(path: path).catalog(members)
    }

    /// The catalog as JSON, keys sorted, as Xcode writes it (so diffs stay small).
    public func json() -> JSONValue {
        var strings: [(String, JSONValue)] = []
        for key in keys {
            guard let entry = entries[key] else { continue }
            var members: [(String, JSONValue)] = []
            if let comment = entry.comment { members.append(("comment", .string(comment))) }
            if let state = entry.extractionState { members.append(("extractionState", .string(state))) }
            if !entry.localizations.isEmpty {
                let locs = entry.localizations.keys.sorted().compactMap { locale in
                    entry.localizations[locale].map { (locale, CatalogWriter.localization($0)) }
                }
                members.append(("localizations", .object(locs)))
            }
            if let should = entry.shouldTranslate { members.append(("shouldTranslate", .bool(should))) }
            strings.append((key, .object(members)))
        }
        return .object([("sourceLanguage", .string(sourceLanguage)), ("strings", .object(strings)),
                        ("version", .string(version))])
    }

    /// The catalog's bytes: deterministic, two-space indented, with a final newline.
    public func encoded() -> [UInt8] { JSONWriter(pretty: true).bytes(json()) }
}
