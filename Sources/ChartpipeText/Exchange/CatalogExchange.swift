/// Turns a catalog into translation units for one locale and back; XLIFF and PO build on this.
public enum CatalogExchange {
    static let separator = "|==|"

    /// The units of `locale` in key order: every text of the source language, with the locale's
    /// translation where there is one. Plural units cover the locale's CLDR categories.
    public static func units(of catalog: StringCatalog, locale: String) -> [TranslationUnit] {
        let required = PluralRules.forLocale(locale)?.categories ?? [.other]
        var units: [TranslationUnit] = []
        for key in catalog.keys {
            guard let entry = catalog.entries[key], entry.shouldTranslate != false else { continue }
            let source = entry.localizations[catalog.sourceLanguage]
            let target = entry.localizations[locale]
            let fallbackSource = source?.stringUnit?.value ?? source?.plural?[.other]?.value ?? key
            func unit(_ suffix: String, _ sourceText: String, _ targetUnit: StringUnit?) -> TranslationUnit {
                TranslationUnit(id: suffix.isEmpty ? key : key + separator + suffix, source: sourceText,
                                target: targetUnit?.value, state: targetUnit?.state, note: entry.comment)
            }
            if source?.stringUnit != nil || target?.stringUnit != nil || (source == nil && target == nil) {
                units.append(unit("", source?.stringUnit?.value ?? fallbackSource, target?.stringUnit))
            }
            if source?.plural != nil || target?.plural != nil {
                let categories = Set(source?.plural != nil ? required : []).union(target?.plural?.keys.map { $0 } ?? [])
                for category in categories.sorted() {
                    let sourceText = source?.plural?[category]?.value ?? source?.plural?[.other]?.value ?? fallbackSource
                    units.append(unit("plural.\(category.rawValue)", sourceText, target?.plural?[category]))
                }
            }
            let names = Set(source?.substitutions.keys.map { $0 } ?? []).union(target?.substitutions.keys.map { $0 } ?? [])
            for name in names.sorted() {
                let sourceSub = source?.substitutions[name]
                let targetSub = target?.substitutions[name]
                let categories = Set(required).union(targetSub?.plural.keys.map { $0 } ?? [])
                for category in categories.sorted() {
                    let sourceText = sourceSub?.plural[category]?.value ?? sourceSub?.plural[.other]?.value ?? ""
                    units.append(unit("substitutions.\(name).plural.\(category.rawValue)", sourceText, targetSub?.plural[category]))
                }
            }
        }
        return units
    }

    /// Writes the translated units into `catalog` as the `locale` localization, replacing the texts
    /// they name. A substitution's `argNum` and `formatSpecifier` come from the locale's existing
    /// localization, else from the source language.
    public static func apply(_ units: [TranslationUnit], locale: String, to catalog: StringCatalog) -> ImportResult {
        var catalog = catalog
        var warnings: [String] = []
        for unit in units {
            guard let target = unit.target else { continue }
            let parts = unit.id.splitting(on: separator)
            let key = parts[0]
            guard var entry = catalog.entries[key] else {
                warnings.append("unit '\(unit.id)': the catalog has no key '\(key)'; skipped")
                continue
            }
            let text = StringUnit(state: unit.state ?? "translated", value: target)
            var loc = entry.localizations[locale] ?? Localization()
            let path = parts.count > 1 ? parts[1].split(separator: ".").map(String.init) : []
            switch path.count {
            case 0:
                loc.stringUnit = text
            case 2 where path[0] == "plural":
                guard let category = PluralCategory(rawValue: path[1]) else {
                    warnings.append("unit '\(unit.id)': '\(path[1])' is not a plural category; skipped")
                    continue
                }
                loc.plural = (loc.plural ?? [:]).merging([category: text]) { $1 }
            case 4 where path[0] == "substitutions" && path[2] == "plural":
                guard let category = PluralCategory(rawValue: path[3]) else {
                    warnings.append("unit '\(unit.id)': '\(path[3])' is not a plural category; skipped")
                    continue
                }
                let name = path[1]
                let sourceSub = entry.localizations[catalog.sourceLanguage]?.substitutions[name]
                guard var sub = loc.substitutions[name]
                    ?? sourceSub.map({ Substitution(argNum: $0.argNum, formatSpecifier: $0.formatSpecifier, plural: [:]) })
                else {
                    warnings.append("unit '\(unit.id)': the source has no substitution '\(name)'; skipped")
                    continue
                }
                sub.plural[category] = text
                loc.substitutions[name] = sub
            default:
                warnings.append("unit '\(unit.id)': unknown id form; skipped")
                continue
            }
            entry.localizations[locale] = loc
            catalog.entries[key] = entry
        }
        return ImportResult(catalog: catalog, warnings: warnings)
    }
}
