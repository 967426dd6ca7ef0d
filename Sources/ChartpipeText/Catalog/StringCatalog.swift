
import ChartpipeJSON

/// A translated text with its review state (`translated`, `needs_review`, `new`, `stale`).
public struct StringUnit: Sendable, Hashable {
    public var state: String
    public var value: String { didSet { template = Template(value) } }
    /// `value` parsed when it is set, so that rendering it for every chart never parses it again.
    public private(set) var template: Template

    public init(state: String = "translated", value: String) {
        self.state = state
        self.value = value
        self.template = Template(value)
    }

    public static func == (a: StringUnit, b: StringUnit) -> Bool { a.state == b.state && a.value == b.value }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(value)
    }
}

/// A substitution (`%#@name@`): one argument whose plural variants are written inside a template.
public struct Substitution: Sendable, Hashable {
    /// The 1-based argument the substitution shows and whose value chooses the variant.
    public var argNum: Int { didSet { placeholder = Substitution.placeholder(argNum, formatSpecifier) } }
    /// The placeholder of that argument without `%`: `lld`, `.1f`, `@`.
    public var formatSpecifier: String { didSet { placeholder = Substitution.placeholder(argNum, formatSpecifier) } }
    /// Variants by CLDR category; `%arg` inside them stands for the argument.
    public var plural: [PluralCategory: StringUnit]
    /// The argument's placeholder (`%2$lld`), parsed once; nil when `formatSpecifier` is not one.
    public private(set) var placeholder: Placeholder?

    public init(argNum: Int, formatSpecifier: String, plural: [PluralCategory: StringUnit]) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.plural = plural
        self.placeholder = Substitution.placeholder(argNum, formatSpecifier)
    }

    private static func placeholder(_ argNum: Int, _ formatSpecifier: String) -> Placeholder? {
        Template("%\(argNum)$" + formatSpecifier).placeholders.first
    }

    public static func == (a: Substitution, b: Substitution) -> Bool {
        a.argNum == b.argNum && a.formatSpecifier == b.formatSpecifier && a.plural == b.plural
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(argNum)
        hasher.combine(formatSpecifier)
        hasher.combine(plural)
    }
}

/// The text of one key in one locale: a single `stringUnit`, or `variations.plural` by CLDR
/// category; either may use `substitutions`.
public struct Localization: Sendable, Hashable {
    public var stringUnit: StringUnit?
    public var plural: [PluralCategory: StringUnit]?
    public var substitutions: [String: Substitution]

    public init(stringUnit: StringUnit? = nil, plural: [PluralCategory: StringUnit]? = nil,
                substitutions: [String: Substitution] = [:]) {
        self.stringUnit = stringUnit
        self.plural = plural
        self.substitutions = substitutions
    }

    /// Shorthand for a single text.
    public static func text(_ value: String, state: String = "translated") -> Localization {
        Localization(stringUnit: StringUnit(state: state, value: value))
    }

    /// Every text it holds, with a label for messages (`plural.one`, `substitutions.n.plural.few`).
    public var units: [(label: String, unit: StringUnit)] {
        var out: [(String, StringUnit)] = []
        if let stringUnit { out.append(("", stringUnit)) }
        for (category, unit) in (plural ?? [:]).sorted(by: { $0.key < $1.key }) { out.append(("plural.\(category.rawValue)", unit)) }
        for (name, substitution) in substitutions.sorted(by: { $0.key < $1.key }) {
            for (category, unit) in substitution.plural.sorted(by: { $0.key < $1.key }) {
                out.append(("substitutions.\(name).plural.\(category.rawValue)", unit))
            }
        }
        return out
    }
}

/// One key of a catalog.
public struct CatalogEntry: Sendable, Hashable {
    /// A note for translators.
    public var comment: String?
    /// Xcode's `extractionState` (`manual`, `stale`…), kept as written.
    public var extractionState: String?
    /// False for keys that must not be translated.
    public var shouldTranslate: Bool?
    public var localizations: [String: Localization]

    public init(comment: String? = nil, extractionState: String? = nil, shouldTranslate: Bool? = nil,
                localizations: [String: Localization] = [:]) {
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
    }
}

/// A problem in a catalog file, named as `path: error: key 'x' [ko]: message`.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var locale: String?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, key: String? = nil, locale: String? = nil,
                message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.locale = locale
        self.message = message
    }

    public var description: String {
        var text = path
        if let line { text += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        text += ": error: "
        var subject: [String] = []
        if let key { subject.append("key '\(key)'") }
        if let locale { subject.append("[\(locale)]") }
        if !subject.isEmpty { text += subject.joined(separator: " ") + ": " }
        return text + message
    }
}

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

/// Writes the parts of a catalog as JSON with sorted keys.
enum CatalogWriter {
    static func unit(_ unit: StringUnit) -> JSONValue {
        .object([("state", .string(unit.state)), ("value", .string(unit.value))])
    }

    static func plural(_ variants: [PluralCategory: StringUnit]) -> JSONValue {
        // Categories sorted by name, as Xcode sorts every key.
        .object(variants.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, .object([("stringUnit", unit($0.value))])) })
    }

    static func localization(_ loc: Localization) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let stringUnit = loc.stringUnit { members.append(("stringUnit", unit(stringUnit))) }
        if !loc.substitutions.isEmpty {
            let subs = loc.substitutions.keys.sorted().compactMap { name in
                loc.substitutions[name].map { s -> (String, JSONValue) in
                    (name, .object([("argNum", .int(s.argNum)), ("formatSpecifier", .string(s.formatSpecifier)),
                                    ("variations", .object([("plural", plural(s.plural))]))]))
                }
            }
            members.append(("substitutions", .object(subs)))
        }
        if let variants = loc.plural { members.append(("variations", .object([("plural", plural(variants))]))) }
        return .object(members)
    }
}

/// Reads the catalog subset from parsed JSON, naming key and locale in every error.
struct CatalogReader {
    let path: String

    func fail(_ message: String, key: String? = nil, locale: String? = nil) -> CatalogError {
        CatalogError(path: path, key: key, locale: locale, message: message)
    }

    func catalog(_ members: [(String, JSONValue)]) throws(CatalogError) -> StringCatalog {
        var catalog = StringCatalog()
        for (name, value) in members {
            switch name {
            case "sourceLanguage":
                guard let s = value.stringValue else { throw fail("'sourceLanguage' must be a string such as \"en\"") }
                catalog.sourceLanguage = s
            case "version":
                guard let s = value.stringValue else { throw fail("'version' must be a string such as \"1.0\"") }
                catalog.version = s
            case "strings":
                guard case let .object(keys) = value else { throw fail("'strings' must be an object of keys") }
                for (key, entry) in keys { catalog.entries[key] = try self.entry(entry, key: key) }
            default:
                throw fail("unknown member '\(name)'; a catalog has 'sourceLanguage', 'strings' and 'version'")
            }
        }
        return catalog
    }

    func entry(_ value: JSONValue, key: String) throws(CatalogError) -> CatalogEntry {
        guard case let .object(members) = value else { throw fail("must be an object", key: key) }
        var entry = CatalogEntry()
        for (name, member) in members {
            switch name {
            case "comment": entry.comment = member.stringValue
            case "extractionState": entry.extractionState = member.stringValue
            case "shouldTranslate": entry.shouldTranslate = member.boolValue
            case "localizations":
                guard case let .object(locales) = member else { throw fail("'localizations' must be an object", key: key) }
                for (locale, loc) in locales { entry.localizations[locale] = try localization(loc, key: key, locale: locale) }
            default:
                throw fail("unknown member '\(name)'; a key has 'comment', 'extractionState', 'localizations' and 'shouldTranslate'",
                           key: key)
            }
        }
        return entry
    }

    func localization(_ value: JSONValue, key: String, locale: String) throws(CatalogError) -> Localization {
        guard case let .object(members) = value else { throw fail("must be an object", key: key, locale: locale) }
        var loc = Localization()
        for (name, member) in members {
            switch name {
            case "stringUnit": loc.stringUnit = try unit(member, key: key, locale: locale)
            case "variations": loc.plural = try variations(member, key: key, locale: locale)
            case "substitutions":
                guard case let .object(subs) = member else {
                    throw fail("'substitutions' must be an object", key: key, locale: locale)
                }
                for (subName, sub) in subs {
                    loc.substitutions[subName] = try substitution(sub, name: subName, key: key, locale: locale)
                }
            default:
                throw fail("unknown member '\(name)'; a localization has 'stringUnit', 'variations' and 'substitutions'",
                           key: key, locale: locale)
            }
        }
        if loc.stringUnit == nil && loc.plural == nil {
            throw fail("has neither 'stringUnit' nor 'variations'", key: key, locale: locale)
        }
        return loc
    }

    func unit(_ value: JSONValue, key: String, locale: String) throws(CatalogError) -> StringUnit {
        let state = value["state"]?.stringValue ?? "translated"
        guard let text = value["value"]?.stringValue else {
            throw fail("'stringUnit' needs a string 'value'", key: key, locale: locale)
        }
        return StringUnit(state: state, value: text)
    }

    func variations(_ value: JSONValue, key: String, locale: String) throws(CatalogError) -> [PluralCategory: StringUnit] {
        guard case let .object(kinds) = value else { throw fail("'variations' must be an object", key: key, locale: locale) }
        guard kinds.count == 1, kinds[0].0 == "plural" else {
            let names = kinds.map(\.0).joined(separator: ", ")
            throw fail("only 'plural' variations are supported (found \(names))", key: key, locale: locale)
        }
        return try plural(kinds[0].1, key: key, locale: locale)
    }

    func plural(_ value: JSONValue, key: String, locale: String) throws(CatalogError) -> [PluralCategory: StringUnit] {
        guard case let .object(cases) = value else { throw fail("'plural' must be an object", key: key, locale: locale) }
        var out: [PluralCategory: StringUnit] = [:]
        for (name, variant) in cases {
            guard let category = PluralCategory(rawValue: name) else {
                throw fail("'\(name)' is not a CLDR plural category (zero, one, two, few, many, other)", key: key, locale: locale)
            }
            guard let unitValue = variant["stringUnit"] else {
                throw fail("plural '\(name)' needs a 'stringUnit'", key: key, locale: locale)
            }
            out[category] = try unit(unitValue, key: key, locale: locale)
        }
        return out
    }

    func substitution(_ value: JSONValue, name: String, key: String, locale: String) throws(CatalogError) -> Substitution {
        guard let argNum = value["argNum"]?.intValue, argNum >= 1 else {
            throw fail("substitution '\(name)' needs an 'argNum' of 1 or more", key: key, locale: locale)
        }
        guard let spec = value["formatSpecifier"]?.stringValue else {
            throw fail("substitution '\(name)' needs a 'formatSpecifier' such as \"lld\"", key: key, locale: locale)
        }
        guard let variations = value["variations"] else {
            throw fail("substitution '\(name)' needs 'variations'", key: key, locale: locale)
        }
        return Substitution(argNum: argNum, formatSpecifier: spec,
                            plural: try self.variations(variations, key: key, locale: locale))
    }
}
