import ChartpipeJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ChartpipeLock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Every locale with at least one text, kept as catalogs merge.
    private var translated: Set<String> = []
    /// The source language of the first catalog merged: what an untranslated locale is written in.
    public private(set) var sourceLanguage: String?
    /// The phrasebooks made of this catalog, shared by its copies; a merge starts new ones.
    private var phrasebooks = Phrasebooks()

    private final class Phrasebooks: Sendable {
        let books = Locked<[String: Phrasebook]>([:])
    }

    /// An empty catalog.
    public init() {}

    /// Catalogs merged in order: later ones override earlier ones.
    public init(_ catalogs: [StringCatalog]) {
        for catalog in catalogs { merge(catalog) }
    }

    /// Merges `catalog` over this one, per key and locale.
    public mutating func merge(_ catalog: StringCatalog) {
        phrasebooks = Phrasebooks()
        if sourceLanguage == nil { sourceLanguage = catalog.sourceLanguage }
        for (key, entry) in catalog.entries {
            var merged = entries[key] ?? Entry(sourceLanguage: catalog.sourceLanguage, comment: nil, localizations: [:])
            if let comment = entry.comment { merged.comment = comment }
            // Chinese typography is applied to the templates once, here, not at every rendering
            // (and never to what fills them: a user's "Revenue (USD)" stays as written).
            for (locale, loc) in entry.localizations {
                merged.localizations[locale] = LocaleFallback.language(of: locale) == "zh" ? Catalog.chineseTypography(loc) : loc
                translated.insert(locale)
            }
            entries[key] = merged
        }
    }

    /// The catalogs shipped inside the binary (Sources/ChartpipeText/Catalogs), parsed once per
    /// process; a test checks that they parse.
    public static let embedded = Catalog(shippedCatalogFiles.compactMap {
        try? StringCatalog(parsing: $0.bytes, path: $0.name)
    })

    /// The shipped catalogs as parsed files, with their names; throws if one does not parse.
    public static func embeddedFiles() throws(CatalogError) -> [(name: String, catalog: StringCatalog)] {
        var out: [(String, StringCatalog)] = []
        for file in shippedCatalogFiles {
            out.append((file.name, try StringCatalog(parsing: file.bytes, path: file.name)))
        }
        return out
    }

    /// The files of Sources/ChartpipeText/Catalogs, compiled into the binary by SwiftPM's
    /// `.embedInCode` resources (see Package.swift): nothing is read from a bundle at run time, so
    /// a binary moved to another folder keeps them. A test checks this list against the folder.
    static let shippedCatalogFiles: [(name: String, bytes: [UInt8])] = [
        ("Describe.xcstrings", PackageResources.Describe_xcstrings),
        ("Figures.xcstrings", PackageResources.Figures_xcstrings),
        ("Messages.xcstrings", PackageResources.Messages_xcstrings),
        ("Report.xcstrings", PackageResources.Report_xcstrings),
    ]

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

    private static let runCatalogs = Locked<[[String]: Catalog]>([:])

    /// Forgets the run catalogs loaded so far, so that a test can count the loads of a run.
    package static func forgetRunCatalogs() {
        runCatalogs.withLock { $0.removeAll() }
    }

    /// Every locale with at least one text.
    public var locales: [String] { translated.sorted() }

    /// The language texts for `locale` are written in: the locale itself when some catalog
    /// translates it (or a locale of its fallback chain), else the catalogs' source language.
    public func writtenLanguage(for locale: String) -> WrittenLanguage {
        WrittenLanguage(requested: locale, translated: translated, sourceLanguage: sourceLanguage ?? locale)
    }

    /// The text of `key` for `locale` and the catalog locale it came from, following the fallback
    /// chain and then the key's source language.
    public func localization(of key: String, locale: String) -> (locale: String, localization: Localization)? {
        entries[key].flatMap { Catalog.localization(in: $0, locale: locale) }
    }

    /// The text of `entry` for `locale`: the fallback chain, then the entry's source language.
    static func localization(in entry: Entry, locale: String) -> (locale: String, localization: Localization)? {
        for candidate in LocaleFallback.chain(locale) {
            if let loc = entry.localizations[candidate] { return (candidate, loc) }
        }
        return entry.localizations[entry.sourceLanguage].map { (entry.sourceLanguage, $0) }
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
    /// (Each key of the locale is resolved once, in the locale's phrasebook.)
    public func rendering(_ key: String, locale: String, _ arguments: [TemplateArgument] = []) -> Rendering {
        phrasebook(for: locale, prefix: "").rendering(key, arguments)
    }

    /// The keys under `prefix` (`describe.`) resolved for `locale`, made once per catalog and shared:
    /// a stage that renders many sentences per chart renders them there.
    public func phrasebook(for locale: String, prefix: String) -> Phrasebook {
        let key = locale + "\u{0}" + prefix
        if let known = phrasebooks.books.withLock({ $0[key] }) { return known }
        let made = Phrasebook(catalog: self, locale: locale, prefix: prefix)
        return phrasebooks.books.withLock { books in
            if let known = books[key] { return known }
            books[key] = made
            return made
        }
    }

    /// Renders one localization in `locale` (the locale of its text). Chinese templates from a
    /// `Catalog` are already typeset (see `merge`).
    public static func render(_ loc: Localization, locale: String, _ arguments: [TemplateArgument]) -> Rendering {
        var renderer = TemplateRenderer(locale: locale, isKorean: LocaleFallback.isKorean(locale))
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

    /// The bytes of the regular file at `path` (a FIFO or a device is refused before a read could block).
    static func readRegularFile(_ path: String) throws(CatalogError) -> [UInt8] {
        switch RegularFile.read(path) {
        case let .success(bytes): return bytes
        case let .failure(.unreadable(reason)):
            throw CatalogError(path: path, message: "cannot read the catalog: " + reason)
        case let .failure(.notRegular(kind)):
            throw CatalogError(path: path, message: "cannot read the catalog: it is \(kind), not a regular file; chartpipe reads catalogs from regular files, so name an .xcstrings file")
        case .failure(.tooLarge):
            throw CatalogError(path: path, message: "cannot read the catalog: it is too large")
        }
    }
}
