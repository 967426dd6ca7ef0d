#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of rendering a key: its text, the locale whose text was used, and any problem met
/// (a missing translation, a bad placeholder) so that callers can warn.
public struct Rendering: Sendable, Equatable {
    public var text: String
    /// The catalog locale whose text was used (`ko` for `ko-KR`, the source language on fallback),
    /// or nil when the key itself was shown.
    public var locale: String?
    public var problems: [String]
}

/// The merged string catalogs of a run: the embedded ones first, then a pipeline's `strings`
/// catalogs, which override keys per locale and may add whole locales.
///
/// Lookups fall back along the locale chain (`zh-Hans-CN` → `zh-Hans` → `zh`), then to the key's
/// source language, then to the key itself (chart titles are looked up by their text).
public struct Catalog: Sendable {
    /// One key after merging.
    public struct Entry: Sendable, Equatable {
        public var sourceLanguage: String
        public var comment: String?
        public var localizations: [String: Localization]
    }

    public private(set) var entries: [String: Entry] = [:]

    /// An empty catalog.
    public init() {}

    /// Catalogs merged in order: later ones override earlier ones.
    public init(_ catalogs: [StringCatalog]) {
        for catalog in catalogs { merge(catalog) }
    }

    /// Merges `catalog` over this one, per key and locale.
    public mutating func merge(_ catalog: StringCatalog) {
        for (key, entry) in catalog.entries {
            var merged = entries[key] ?? Entry(sourceLanguage: catalog.sourceLanguage, comment: nil, localizations: [:])
            if let comment = entry.comment { merged.comment = comment }
            // Chinese typography is applied to the templates once, here, not at every rendering
            // (and never to what fills them: a user's "Revenue (USD)" stays as written).
            for (locale, loc) in entry.localizations {
                merged.localizations[locale] = LocaleFallback.language(of: locale) == "zh" ? Catalog.chineseTypography(loc) : loc
            }
            entries[key] = merged
        }
    }

    /// The catalogs shipped inside the binary (Sources/ChartpipeText/Catalogs, embedded by
    /// scripts/embed-catalogs.py); a test checks that they parse.
    public static let embedded = Catalog(embeddedCatalogs.compactMap {
        try? StringCatalog(parsing: Array($0.text.utf8), path: $0.name)
    })

    /// The shipped catalogs as parsed files, with their names; throws if one does not parse.
    public static func embeddedFiles() throws(CatalogError) -> [(name: String, catalog: StringCatalog)] {
        var out: [(String, StringCatalog)] = []
        for file in embeddedCatalogs {
            out.append((file.name, try StringCatalog(parsing: Array(file.text.utf8), path: file.name)))
        }
        return out
    }

    /// The embedded catalogs merged with the catalog files at `paths`, in order.
    public static func loading(paths: [String], over base: Catalog = .embedded) throws(CatalogError) -> Catalog {
        var catalog = base
        for path in paths { catalog.merge(try StringCatalog(contentsOf: path)) }
        return catalog
    }

    /// The catalog for a run's `strings` paths, loaded once and shared by every chart of the run
    /// (charts run in parallel; each asks with the same paths).
    public static func forRun(paths: [String]) throws(CatalogError) -> Catalog {
        if let cached = runCatalogs.withLock({ $0[paths] }) { return cached }
        let loaded = try loading(paths: paths)
        return runCatalogs.withLock { cache in
            if let cached = cache[paths] { return cached }
            cache[paths] = loaded
            return loaded
        }
    }

    private static let runCatalogs = Mutex<[[String]: Catalog]>([:])

    /// Every locale with at least one text.
    public var locales: [String] { Set(entries.values.flatMap(\.localizations.keys)).sorted() }

    /// The language texts for `locale` are written in: the locale itself when some catalog
    /// translates it (or a locale it falls back to), else the catalogs' source language.
    public func writtenLocale(for locale: String) -> String {
        let translated = Set(entries.values.flatMap(\.localizations.keys))
        if LocaleFallback.chain(locale).contains(where: translated.contains) { return locale }
        return entries.values.first?.sourceLanguage ?? locale
    }

    /// The text of `key` for `locale` and the catalog locale it came from, following the fallback
    /// chain and then the key's source language.
    public func localization(of key: String, locale: String) -> (locale: String, localization: Localization)? {
        guard let entry = entries[key] else { return nil }
        for candidate in LocaleFallback.chain(locale) + [entry.sourceLanguage] {
            if let loc = entry.localizations[candidate] { return (candidate, loc) }
        }
        return nil
    }

    /// The translation of a plain text such as a chart title, or the text itself.
    public func text(_ key: String, locale: String) -> String {
        guard let (_, loc) = localization(of: key, locale: locale) else { return key }
        return loc.stringUnit?.value ?? loc.plural?[.other]?.value ?? key
    }

    /// `key` rendered for `locale` with `arguments`; see `rendering`.
    public func render(_ key: String, locale: String, _ arguments: [TemplateArgument] = []) -> String {
        rendering(key, locale: locale, arguments).text
    }

    /// Renders `key`: the locale's text when it renders cleanly, else the source language's (so a
    /// broken translation shows the English sentence), else the text with `⟦…⟧` marks. Korean
    /// particles are resolved; Chinese punctuation and spacing normalised.
    public func rendering(_ key: String, locale: String, _ arguments: [TemplateArgument] = []) -> Rendering {
        guard let entry = entries[key], let (found, loc) = localization(of: key, locale: locale) else {
            return Rendering(text: key, locale: nil, problems: ["no text for key '\(key)'"])
        }
        var first = Catalog.render(loc, locale: found, arguments)
        if first.problems.isEmpty { return first }
        if found != entry.sourceLanguage, let source = entry.localizations[entry.sourceLanguage] {
            let fallback = Catalog.render(source, locale: entry.sourceLanguage, arguments)
            if fallback.problems.isEmpty {
                return Rendering(text: fallback.text, locale: entry.sourceLanguage,
                                 problems: first.problems.map { "[\(found)] \($0)" })
            }
        }
        first.problems = first.problems.map { "[\(found)] \($0)" }
        return first
    }

    /// Renders one localization in `locale` (the locale of its text). Chinese templates from a
    /// `Catalog` are already typeset (see `merge`).
    public static func render(_ loc: Localization, locale: String, _ arguments: [TemplateArgument]) -> Rendering {
        var renderer = TemplateRenderer(locale: locale)
        let text = renderer.render(loc, arguments: arguments)
        return Rendering(text: text, locale: locale, problems: renderer.problems)
    }

    /// A localization with every text normalised for Chinese (full-width punctuation, no spaces
    /// between Han characters and numbers or placeholders).
    static func chineseTypography(_ loc: Localization) -> Localization {
        func fix(_ unit: StringUnit) -> StringUnit { StringUnit(state: unit.state, value: ChineseText.normalize(unit.value)) }
        var out = loc
        out.stringUnit = loc.stringUnit.map(fix)
        out.plural = loc.plural?.mapValues(fix)
        out.substitutions = loc.substitutions.mapValues { s in
            Substitution(argNum: s.argNum, formatSpecifier: s.formatSpecifier, plural: s.plural.mapValues(fix))
        }
        return out
    }
}

extension StringCatalog {
    /// Reads and parses the catalog file at `path`.
    public init(contentsOf path: String) throws(CatalogError) {
        try self.init(parsing: try Self.readRegularFile(path), path: path)
    }

    /// The bytes of the regular file at `path`. O_NONBLOCK keeps `open` from waiting for a writer on
    /// a FIFO, and fstat refuses anything but a regular file before a read could block or never end.
    static func readRegularFile(_ path: String) throws(CatalogError) -> [UInt8] {
        func failure(_ reason: String) -> CatalogError { CatalogError(path: path, message: "cannot read the catalog: " + reason) }
        var info = stat()
        let isSocket = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
        let fd = isSocket ? -1 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard isSocket || fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { if fd >= 0 { close(fd) } }
        guard isSocket || fstat(fd, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        let kinds: [mode_t: String] = [S_IFDIR: "a folder", S_IFIFO: "a FIFO (named pipe)", S_IFCHR: "a character device",
                                       S_IFBLK: "a block device", S_IFSOCK: "a socket"]
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = kinds[info.st_mode & S_IFMT] ?? "a special file"
            throw failure("it is \(kind), not a regular file; chartpipe reads catalogs from regular files, so name an .xcstrings file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1 << 16, Int(info.st_size) + 1))
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }
}
