/// XLIFF 1.2 export and import of a catalog, with Apple-style unit ids (`key|==|plural.one`),
/// as Xcode's "Export Localizations" writes them.
public enum XLIFF {
    /// One `<file>` of an XLIFF document.
    public struct File: Sendable, Equatable {
        public var original: String
        public var sourceLanguage: String
        public var targetLanguage: String
        public var units: [TranslationUnit]
    }

    /// Catalog state → XLIFF 1.2 `state`; states XLIFF lacks travel as `x-…`.
    static func xliffState(_ state: String?) -> String? {
        switch state {
        case nil: return nil
        case "translated": return "translated"
        case "needs_review": return "needs-review-translation"
        case "new": return "new"
        case let other?: return "x-" + other
        }
    }

    /// XLIFF 1.2 `state` → catalog state.
    static func catalogState(_ state: String?) -> String {
        switch state {
        case nil, "translated", "final", "signed-off": return "translated"
        case "new", "needs-translation": return "new"
        case let s? where s.hasPrefix("needs-review") || s.hasPrefix("needs-adaptation") || s.hasPrefix("needs-l10n"):
            return "needs_review"
        case let s? where s.hasPrefix("x-"): return String(s.dropFirst(2))
        case let s?: return s
        }
    }

    /// The XLIFF document for `locale`; `original` names the catalog file (e.g. `Messages.xcstrings`).
    public static func export(_ catalog: StringCatalog, locale: String, original: String) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="\(XML.attribute(original))" source-language="\(XML.attribute(catalog.sourceLanguage))" \
        target-language="\(XML.attribute(locale))" datatype="plaintext">
            <header>
              <tool tool-id="chartpipe" tool-name="chartpipe"/>
            </header>
            <body>

        """
        for unit in CatalogExchange.units(of: catalog, locale: locale) {
            out += "      <trans-unit id=\"\(XML.attribute(unit.id))\" xml:space=\"preserve\">\n"
            out += "        <source>\(XML.text(unit.source))</source>\n"
            if let target = unit.target {
                let state = xliffState(unit.state).map { " state=\"\(XML.attribute($0))\"" } ?? ""
                out += "        <target\(state)>\(XML.text(target))</target>\n"
            }
            if let note = unit.note { out += "        <note>\(XML.text(note))</note>\n" }
            out += "      </trans-unit>\n"
        }
        out += "    </body>\n  </file>\n</xliff>\n"
        return out
    }

    /// The files of an XLIFF 1.2 document; `path` names it in errors.
    public static func parse(_ text: String, path: String) throws(CatalogError) -> [File] {
        try parse(bytes: Array(text.utf8), path: path)
    }

    /// The files of an XLIFF 1.2 document read from a file: UTF-8 (else an error with its line),
    /// at most `ImportLimits.maxFileBytes`.
    public static func parse(bytes: [UInt8], path: String) throws(CatalogError) -> [File] {
        if bytes.count > ImportLimits.maxFileBytes {
            throw CatalogError(path: path, message: "the file has \(bytes.count) bytes, more than the \(ImportLimits.maxFileBytes) an import reads; split it")
        }
        _ = try ImportLimits.text(bytes, path: path)
        let root: XMLElement
        do {
            root = try XMLTreeParser.parse(bytes: bytes)
        } catch {
            throw CatalogError(path: path, line: error.line, message: error.message)
        }
        guard root.localName == "xliff" else {
            throw CatalogError(path: path, message: "the root element is <\(root.name)>, not <xliff>")
        }
        var files: [File] = []
        for file in root.all("file") {
            guard let target = file.attributes["target-language"] else {
                throw CatalogError(path: path, line: file.line, message: "<file original=\"\(file.attributes["original"] ?? "")\"> has no target-language")
            }
            guard ImportLimits.isLanguageTag(target) else {
                throw CatalogError(path: path, line: file.line, message: "target-language '\(target)' is not a BCP 47 language tag such as 'ko' or 'zh-Hans'")
            }
            var units: [TranslationUnit] = []
            for element in file.descendants("trans-unit") {
                guard let id = element.attributes["id"] else {
                    throw CatalogError(path: path, line: element.line, message: "a <trans-unit> has no id")
                }
                let targetElement = element.first("target")
                units.append(TranslationUnit(id: id, source: element.first("source")?.text ?? "",
                                             target: targetElement?.text,
                                             state: targetElement.map { catalogState($0.attributes["state"]) },
                                             note: element.first("note")?.text))
            }
            files.append(File(original: file.attributes["original"] ?? "",
                              sourceLanguage: file.attributes["source-language"] ?? "",
                              targetLanguage: target, units: units))
        }
        return files
    }

    /// Imports every `<file>` of `text` into `catalog`, each as its target language.
    public static func importing(_ text: String, path: String, into catalog: StringCatalog) throws(CatalogError) -> ImportResult {
        try importing(bytes: Array(text.utf8), path: path, into: catalog)
    }

    /// Imports every `<file>` of the XLIFF file's bytes into `catalog`, each as its target language.
    public static func importing(bytes: [UInt8], path: String, into catalog: StringCatalog) throws(CatalogError) -> ImportResult {
        var result = ImportResult(catalog: catalog, warnings: [])
        for file in try parse(bytes: bytes, path: path) {
            let applied = CatalogExchange.apply(file.units, locale: file.targetLanguage, to: result.catalog)
            result.catalog = applied.catalog
            result.warnings += applied.warnings.map { "\(path): warning: \($0)" }
        }
        return result
    }
}
