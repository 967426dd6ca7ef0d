/// Renders one localization with typed arguments: chooses plural variants by CLDR rules, formats
/// numbers for the locale, resolves Korean particles after placeholders, and marks what it cannot
/// render as `⟦…⟧` while recording the problem (never a crash).
struct TemplateRenderer {
    let locale: String
    let formats: LocaleFormats
    let isKorean: Bool
    /// The locale's integer formatter (`FormatterCache.integers`), found once by the caller; nil:
    /// looked up at each integer.
    let integers: NumberSkeletonFormatter?
    private(set) var problems: [String] = []

    /// `isKorean`: `LocaleFallback.language(of: locale) == "ko"`, found once by the caller (a
    /// renderer is made per sentence), as `integers` may be.
    init(locale: String, isKorean: Bool, integers: NumberSkeletonFormatter? = nil) {
        self.locale = locale
        self.formats = LocaleFormats(locale: locale)
        self.isKorean = isKorean
        self.integers = integers
    }

    /// `n` with the locale's grouping, as `LocaleFormats.integer`.
    private func grouped(_ n: Int) -> String { Self.grouped(n, integers: integers, locale: locale) }

    /// `n` grouped by the locale's integer formatter when it was found once (`integers`), else by
    /// `LocaleFormats.integer`: how a placeholder writes an integer (`FixedPhrase` too).
    static func grouped(_ n: Int, integers: NumberSkeletonFormatter?, locale: String) -> String {
        guard let integers else { return LocaleFormats(locale: locale).integer(n) }
        return integers.format(Double(n)) ?? String(n)
    }

    mutating func render(_ loc: Localization, arguments: [TemplateArgument]) -> String {
        let template: Template
        if let variants = loc.plural {
            // The first number placeholder of the `other` form chooses the variant, as in Apple's catalogs.
            let sample = (variants[.other] ?? variants.values.first)?.template.placeholders ?? []
            let selector = sample.first { $0.kind != .object } ?? sample.first
            let argument = selector.flatMap { $0.argument <= arguments.count ? arguments[$0.argument - 1] : nil }
                ?? arguments.first
            guard let unit = variant(of: variants, for: argument, placeholder: selector) else {
                problems.append("no plural variant for the argument and no 'other' variant")
                return "⟦\(variants.values.first?.value ?? "")⟧"
            }
            template = unit.template
        } else if let unit = loc.stringUnit {
            template = unit.template
        } else {
            problems.append("the localization has no text")
            return "⟦⟧"
        }
        return render(template, arguments: arguments, substitutions: loc.substitutions, own: nil, within: [])
    }

    /// More digits than a double holds say nothing, and an ICU skeleton of a million zeros is a
    /// catalog's typo: `%.1000000e` shows at most this many.
    static let maxPrecision = 20

    /// Substitutions that name each other without a loop still branch: eight that each name all the
    /// others render 40,320 times over (found by the template fuzz target). One rendering expands at
    /// most this many, far more than a sentence needs, and marks the rest.
    static let maxSubstitutions = 256
    private var substitutionsRendered = 0

    /// The variant for `argument`: `zero` for exactly 0 when written (as Apple's catalogs do), then
    /// the CLDR category, then `other`.
    private func variant(of variants: [PluralCategory: StringUnit], for argument: TemplateArgument?,
                         placeholder: Placeholder?) -> StringUnit? {
        guard let operand = argument?.pluralOperand(for: placeholder) else { return variants[.other] }
        if operand.value == 0, let zero = variants[.zero] { return zero }
        let category = formats.pluralCategory(operand.value, fractionDigits: operand.fractionDigits)
        return variants[category] ?? variants[.other]
    }

    /// `within`: the substitutions being rendered around this template, so that one that names
    /// itself (directly or through another) is a problem, not an endless recursion.
    private mutating func render(_ template: Template, arguments: [TemplateArgument],
                                 substitutions: [String: Substitution], own: (argNum: Int, placeholder: Placeholder)?,
                                 within: [String]) -> String {
        var out = ""
        var lastFill: String?
        for token in template.tokens {
            switch token {
            case var .literal(text):
                if isKorean, let filled = lastFill,
                   let particle = KoreanParticles.resolveMarker(after: filled, following: text[...]) {
                    text = particle.text + text.dropFirst(particle.length)
                }
                out += text
                lastFill = nil
            case let .placeholder(p):
                // Inside a substitution's variant an unnumbered placeholder is the substitution's own argument.
                var placeholder = p
                if let own, !p.isNumbered { placeholder.argument = own.argNum }
                let fill = self.fill(placeholder, arguments: arguments)
                out += fill
                lastFill = fill
            case .substitutionArgument:
                guard let own else {
                    problems.append("'%arg' outside a substitution")
                    out += "⟦%arg⟧"
                    lastFill = nil
                    continue
                }
                let fill = self.fill(own.placeholder, arguments: arguments)
                out += fill
                lastFill = fill
            case let .substitution(name):
                let fill = substitute(name, arguments: arguments, substitutions: substitutions, within: within)
                out += fill ?? "⟦%#@\(name)@⟧"
                lastFill = fill
            case let .invalid(raw):
                problems.append("'\(raw)' is not a placeholder; write '%%' for a percent sign")
                out += "⟦\(raw)⟧"
                lastFill = nil
            }
        }
        return out
    }

    /// The chosen variant of substitution `name`, rendered; nil (with a problem) when it cannot be.
    private mutating func substitute(_ name: String, arguments: [TemplateArgument],
                                     substitutions: [String: Substitution], within: [String]) -> String? {
        guard !within.contains(name) else {
            problems.append(Self.cycleProblem(within + [name]))
            return nil
        }
        substitutionsRendered += 1
        guard substitutionsRendered <= Self.maxSubstitutions else {
            if substitutionsRendered == Self.maxSubstitutions + 1 {
                problems.append("the substitutions nest into more than \(Self.maxSubstitutions) renderings; the rest are left out")
            }
            return nil
        }
        guard let sub = substitutions[name] else {
            problems.append("no substitution named '\(name)'")
            return nil
        }
        guard let ownPlaceholder = sub.placeholder else {
            problems.append("substitution '\(name)' has an invalid formatSpecifier '\(sub.formatSpecifier)'")
            return nil
        }
        guard sub.argNum <= arguments.count else {
            problems.append("substitution '\(name)' reads argument \(sub.argNum) but \(arguments.count) were given")
            return nil
        }
        guard let unit = variant(of: sub.plural, for: arguments[sub.argNum - 1], placeholder: ownPlaceholder) else {
            problems.append("substitution '\(name)' has no variant for the argument and no 'other'")
            return nil
        }
        return render(unit.template, arguments: arguments, substitutions: substitutions, own: (sub.argNum, ownPlaceholder),
                      within: within + [name])
    }

    /// `a → b → a`: the part of `path` that loops, from the name's first appearance.
    static func cycleProblem(_ path: [String]) -> String {
        let loop = path.firstIndex(of: path[path.count - 1]).map { Array(path[$0...]) } ?? path
        return loop.count == 2
            ? "substitution '\(loop[0])' uses itself"
            : "substitutions use each other in a loop: " + loop.map { "'\($0)'" }.joined(separator: " → ")
    }

    /// The text of one placeholder, or the placeholder marked `⟦…⟧` when its argument is missing or
    /// of the wrong type.
    private mutating func fill(_ p: Placeholder, arguments: [TemplateArgument]) -> String {
        guard p.argument >= 1, p.argument <= arguments.count else {
            problems.append("'\(p.text)' reads argument \(p.argument) but \(arguments.count) were given")
            return "⟦\(p.text)⟧"
        }
        let argument = arguments[p.argument - 1]
        switch (p.kind, argument) {
        case let (_, .number(text, _, _)):
            return text
        case let (.object, .text(text)):
            return text
        case let (.object, .integer(n)):
            return grouped(n)
        case let (.object, .double(d)):
            return formats.number(d)
        case let (.integer, .integer(n)):
            return integerText(n, conversion: p.conversion)
        case let (.integer, .double(d)) where d == d.rounded() && abs(d) < 9e15:
            return integerText(Int(d), conversion: p.conversion)
        case let (.double, .integer(n)):
            return doubleText(Double(n), p)
        case let (.double, .double(d)):
            return doubleText(d, p)
        default:
            let wanted = p.kind == .integer ? "an integer" : "a number"
            problems.append("'\(p.text)' takes \(wanted) but argument \(p.argument) is \(argument.kindDescription)")
            return "⟦\(p.text)⟧"
        }
    }

    private func integerText(_ n: Int, conversion: Character) -> String {
        switch conversion {
        case "x": return String(n, radix: 16)
        case "X": return String(n, radix: 16, uppercase: true)
        case "o": return String(n, radix: 8)
        case "c", "C": return Unicode.Scalar(UInt32(clamping: n)).map { String(Character($0)) } ?? ""
        default: return grouped(n)
        }
    }

    private func doubleText(_ d: Double, _ p: Placeholder) -> String {
        let precision = min(p.precision ?? 6, Self.maxPrecision)
        switch p.conversion {
        case "g", "G":
            return formats.number(d, precision: .significantDigits(max(precision, 1)))
        case "e", "E":
            return formats.format(d, skeleton: "scientific ." + String(repeating: "0", count: precision))
                ?? formats.number(d)
        default:
            return formats.number(d, precision: .fractionDigits(precision))
        }
    }
}
