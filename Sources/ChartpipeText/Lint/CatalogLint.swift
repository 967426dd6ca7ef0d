/// Checks string catalogs for what would read wrong or render as a fallback:
/// missing translations and states other than `translated`; placeholders that differ from the
/// source in number or type; plural variants missing a CLDR category of the locale; Korean particle
/// markers that are not the `(이)가` convention; ASCII punctuation and stored spaces in Chinese.
public enum CatalogLint {
    /// Lints `catalog` read from `path`. `locales` are the locales every key must have; nil means
    /// every locale that appears in the catalog.
    public static func lint(_ catalog: StringCatalog, path: String, locales: [String]? = nil) -> [LintFinding] {
        var findings: [LintFinding] = []
        let wanted = locales ?? catalog.locales
        for key in catalog.keys {
            guard let entry = catalog.entries[key] else { continue }
            func report(_ severity: LintFinding.Severity, _ locale: String?, _ message: String) {
                findings.append(LintFinding(path: path, severity: severity, key: key, locale: locale, message: message))
            }
            // As in Xcode, a key without a source-language text is its own source text.
            let source = entry.localizations[catalog.sourceLanguage] ?? Localization(stringUnit: StringUnit(value: key))
            let sourceSignature = signature(of: source)
            let optional = optionalArguments(in: entry.comment)
            for problem in sourceSignature.problems { report(.error, catalog.sourceLanguage, problem) }
            checkLocale(source, locale: catalog.sourceLanguage, report: report)
            guard entry.shouldTranslate != false else { continue }
            for locale in wanted where locale != catalog.sourceLanguage {
                guard let loc = entry.localizations[locale] else {
                    report(.error, locale, "missing translation")
                    continue
                }
                let translated = signature(of: loc)
                for problem in translated.problems { report(.error, locale, problem) }
                for (argument, kind) in sourceSignature.arguments.sorted(by: { $0.key < $1.key }) {
                    guard let other = translated.arguments[argument] else {
                        if optional.contains(argument) { continue }
                        report(.error, locale, "placeholder for argument \(argument) (\(describe(kind))) is missing")
                        continue
                    }
                    if !compatible(kind, other) {
                        report(.error, locale, "argument \(argument) is \(describe(other)) but \(describe(kind)) in the source")
                    }
                }
                for argument in translated.arguments.keys.sorted()
                where sourceSignature.arguments[argument] == nil && !optional.contains(argument) {
                    report(.error, locale, "argument \(argument) is not in the source text")
                }
                checkLocale(loc, locale: locale, report: report)
            }
        }
        return findings
    }

    /// The arguments a key's comment lets translations leave out, from a sentence such as
    /// "Translations may leave out arguments 2 to 8" (or "2, 5 and 7"): where languages build a
    /// sentence from different pieces, the source offers them all and each language uses its own.
    public static func optionalArguments(in comment: String?) -> Set<Int> {
        guard let comment, let start = comment.range(of: "may leave out argument") else { return [] }
        let sentence = comment[start.upperBound...].prefix { $0 != "." && $0 != ":" }
        var numbers: [Int] = []
        var found = Set<Int>()
        var ranging = false
        for word in sentence.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if word == "to" || word == "–" { ranging = true; continue }
            guard let n = Int(word) else { continue }
            if ranging, let from = numbers.last, from <= n { found.formUnion(from...n) }
            ranging = false
            numbers.append(n)
            found.insert(n)
        }
        return found
    }

    /// Lints the catalog file at `path`; a file that cannot be read or parsed gives one finding.
    public static func lint(path: String, locales: [String]? = nil) -> [LintFinding] {
        do {
            return lint(try StringCatalog(contentsOf: path), path: path, locales: locales)
        } catch {
            var location = error.path
            if let line = error.line { location += ":\(line)" + (error.column.map { ":\($0)" } ?? "") }
            return [LintFinding(path: location, severity: .error, key: error.key, locale: error.locale, message: error.message)]
        }
    }

    /// Checks within one localization: states, plural categories, particles, Chinese typography.
    static func checkLocale(_ loc: Localization, locale: String, report: (LintFinding.Severity, String?, String) -> Void) {
        let language = LocaleFallback.language(of: locale)
        for (label, unit) in loc.units {
            let place = label.isEmpty ? "" : " (\(label))"
            if unit.state != "translated" { report(.warning, locale, "state is '\(unit.state)'\(place), not 'translated'") }
            if unit.value.isEmpty { report(.error, locale, "empty text\(place)") }
            for problem in WritingRules.wordProblems(in: unit.value, locale: locale) { report(.error, locale, problem + place) }
            if language == "ko" {
                for problem in KoreanParticles.markerProblems(in: unit.value) { report(.error, locale, problem + place) }
            }
            if language == "zh" {
                for problem in ChineseText.problems(in: unit.value) { report(.error, locale, problem + place) }
            }
        }
        guard let categories = PluralRules.forLocale(locale)?.categories else { return }
        let groups = [("plural", loc.plural)]
            + loc.substitutions.sorted { $0.key < $1.key }.map { ("substitution '\($0.key)'", Optional($0.value.plural)) }
        for case let (name, variants?) in groups {
            let missing = categories.filter { variants[$0] == nil }
            if !missing.isEmpty {
                let list = missing.map(\.rawValue).joined(separator: ", ")
                report(.error, locale, "\(name) lacks the CLDR categories \(list) of \(locale)")
            }
            let unused = variants.keys.filter { !categories.contains($0) && $0 != .zero }.sorted()
            if !unused.isEmpty {
                let list = unused.map(\.rawValue).joined(separator: ", ")
                report(.warning, locale, "\(name) has \(list), which \(locale) never selects")
            }
        }
    }

    /// The arguments a localization reads over all its texts, with their kinds, and syntax problems.
    struct Signature {
        var arguments: [Int: PlaceholderKind] = [:]
        var problems: [String] = []
    }

    static func signature(of loc: Localization) -> Signature {
        var signature = Signature()
        func add(_ argument: Int, _ kind: PlaceholderKind, in place: String) {
            if let existing = signature.arguments[argument], existing != kind, existing != .object, kind != .object {
                signature.problems.append("argument \(argument) is used as \(describe(existing)) and as \(describe(kind))\(place)")
            }
            if signature.arguments[argument] == nil || signature.arguments[argument] == .object {
                signature.arguments[argument] = kind
            }
        }
        for (label, unit) in loc.units {
            let place = label.isEmpty ? "" : " (\(label))"
            let template = unit.template
            let own = label.hasPrefix("substitutions.")
                ? label.split(separator: ".").dropFirst().first.flatMap { loc.substitutions[String($0)] } : nil
            for raw in template.invalidSequences {
                signature.problems.append("'\(raw)' is not a placeholder; write '%%' for a percent sign\(place)")
            }
            for p in template.placeholders {
                if let own, !p.isNumbered { add(own.argNum, kindOf(own.formatSpecifier), in: place) }
                else { add(p.argument, p.kind, in: place) }
            }
            for name in template.substitutions {
                guard let sub = loc.substitutions[name] else {
                    signature.problems.append("'%#@\(name)@' names no substitution\(place)")
                    continue
                }
                add(sub.argNum, kindOf(sub.formatSpecifier), in: place)
            }
            if template.tokens.contains(.substitutionArgument), own == nil {
                signature.problems.append("'%arg' is only valid inside a substitution\(place)")
            }
        }
        for template in loc.units.map(\.unit.template) {
            for p in template.placeholders where (p.precision ?? 0) > TemplateRenderer.maxPrecision {
                signature.problems.append("'\(p.text)' asks for \(p.precision ?? 0) digits; at most \(TemplateRenderer.maxPrecision) are shown")
            }
        }
        signature.problems += substitutionLoops(loc.substitutions)
        for (name, sub) in loc.substitutions.sorted(by: { $0.key < $1.key })
        where Template("%" + sub.formatSpecifier).placeholders.count != 1 {
            signature.problems.append("substitution '\(name)' has an invalid formatSpecifier '\(sub.formatSpecifier)'")
        }
        return signature
    }

    /// Substitutions whose variants name themselves, directly or through others: one problem per
    /// loop a depth-first walk meets (each substitution is walked once, so a hostile catalog of many
    /// substitutions naming each other costs linear time).
    static func substitutionLoops(_ substitutions: [String: Substitution]) -> [String] {
        let uses = substitutions.mapValues { sub in Set(sub.plural.values.flatMap(\.template.substitutions)).sorted() }
        var done = Set<String>()
        var path: [String] = []
        var problems: [String] = []
        func walk(_ name: String) {
            path.append(name)
            for next in uses[name] ?? [] where !done.contains(next) {
                if path.contains(next) { problems.append(TemplateRenderer.cycleProblem(path + [next])) }
                else if uses[next] != nil { walk(next) }
            }
            path.removeLast()
            done.insert(name)
        }
        for name in substitutions.keys.sorted() where !done.contains(name) { walk(name) }
        return problems
    }

    static func kindOf(_ formatSpecifier: String) -> PlaceholderKind {
        Template("%" + formatSpecifier).placeholders.first?.kind ?? .object
    }

    /// `%@` shows any argument, so it matches a number placeholder in another language.
    static func compatible(_ a: PlaceholderKind, _ b: PlaceholderKind) -> Bool { a == b || a == .object || b == .object }

    static func describe(_ kind: PlaceholderKind) -> String {
        switch kind {
        case .object: return "text (%@)"
        case .integer: return "an integer (%lld)"
        case .double: return "a number (%f)"
        }
    }
}

extension KoreanParticles {
    /// Syllables that start or end a particle marker.
    static let particleSyllables: Set<Character> = ["이", "가", "은", "는", "을", "를", "과", "와", "으", "로", "아", "야"]

    /// The accepted way to write each particle, for suggestions.
    static let conventional: [Character: String] = [
        "가": "(이)가", "이": "(이)가", "는": "(은)는", "은": "(은)는", "를": "(을)를", "을": "(을)를",
        "와": "(과)와", "과": "(과)와", "로": "(으)로", "으": "(으)로", "야": "(아)야", "아": "(아)야",
    ]

    /// Particle markers written another way (`이(가)`, `(를)`, `(가)이`), for lint.
    public static func markerProblems(in text: String) -> [String] {
        var problems: [String] = []
        let chars = Array(text)
        for i in chars.indices where chars[i] == "(" {
            guard i + 2 < chars.count, chars[i + 2] == ")", particleSyllables.contains(chars[i + 1]) else { continue }
            if marker(at: String(chars[i...].prefix(5))[...]) != nil {
                if i == 0 {
                    problems.append("the particle marker '\(String(chars[0...2]))' starts the text; it needs a word before it")
                }
                continue
            }
            let written = String(chars[max(0, i - 1)...(i + 2)])
            let suggestion = conventional[chars[i + 1]].map { "; write \($0)" } ?? ""
            problems.append("'\(written)' is not a particle marker chartpipe resolves\(suggestion)")
        }
        return problems
    }
}
