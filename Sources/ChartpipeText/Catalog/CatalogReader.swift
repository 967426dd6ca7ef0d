import ChartpipeJSON

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
