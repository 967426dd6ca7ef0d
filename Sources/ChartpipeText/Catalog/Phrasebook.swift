import ChartpipeLock

/// The texts of a catalog for one locale, each key's localization found once (the locale's
/// chain, then the key's source language), not for every sentence: `Catalog.rendering` renders
/// through one, and a stage that renders thousands of sentences per chart (`describe`) keeps one
/// of its keys' prefix, so that it builds no key either.
///
/// Made by `Catalog.phrasebook(for:prefix:)` once per catalog, locale and prefix, and shared by
/// every chart of the run (it is immutable but for the memo of `problems(checking:_:)`).
public struct Phrasebook: Sendable {
    /// The locale as it was asked for.
    public let locale: String
    /// What the keys start with (`describe.`), left out of the keys it is asked for.
    public let prefix: String
    let phrases: [String: Phrase]
    private let checks: CheckMemo

    /// One key: the localization found for the locale, and the source language's for a fallback.
    struct Phrase: Sendable {
        let found: Resolved
        let source: Resolved?
    }

    /// A localization with the locale whose text it is (a class: a rendering copies a reference,
    /// not the localization's fields).
    final class Resolved: Sendable {
        let locale: String
        let isKorean: Bool
        let localization: Localization
        /// The locale's integer formatter, found once: positions and counts are in every point's label.
        let integers: NumberSkeletonFormatter?

        init(locale: String, localization: Localization) {
            self.locale = locale
            isKorean = LocaleFallback.isKorean(locale)
            self.localization = localization
            integers = FormatterCache.shared.integers(locale: locale)
        }

        func render(_ arguments: [TemplateArgument]) -> Rendering {
            var renderer = TemplateRenderer(locale: locale, isKorean: isKorean, integers: integers)
            let text = renderer.render(localization, arguments: arguments)
            return Rendering(text: text, locale: locale, problems: renderer.problems)
        }
    }

    init(catalog: Catalog, locale: String, prefix: String) {
        self.locale = locale
        self.prefix = prefix
        var phrases: [String: Phrase] = [:]
        for (key, entry) in catalog.entries where key.hasPrefix(prefix) {
            guard let (found, loc) = Catalog.localization(in: entry, locale: locale) else { continue }
            let source = found != entry.sourceLanguage
                ? entry.localizations[entry.sourceLanguage].map { Resolved(locale: entry.sourceLanguage, localization: $0) } : nil
            phrases[String(key.dropFirst(prefix.count))] = Phrase(found: Resolved(locale: found, localization: loc), source: source)
        }
        self.phrases = phrases
        checks = CheckMemo()
    }

    /// `prefix + key` rendered with `arguments` (what `Catalog.rendering` does): the locale's
    /// text when it renders cleanly, else the source language's, else the text marked `⟦…⟧`.
    public func rendering(_ key: String, _ arguments: [TemplateArgument] = []) -> Rendering {
        guard let phrase = phrases[key] else {
            return Rendering(text: prefix + key, locale: nil, problems: ["no text for key '\(prefix + key)'"])
        }
        var first = phrase.found.render(arguments)
        if first.problems.isEmpty { return first }
        if let source = phrase.source {
            let fallback = source.render(arguments)
            if fallback.problems.isEmpty {
                return Rendering(text: fallback.text, locale: source.locale,
                                 problems: first.problems.map { "[\(phrase.found.locale)] \($0)" })
            }
        }
        first.problems = first.problems.map { "[\(phrase.found.locale)] \($0)" }
        return first
    }

    /// Every problem `rendering(key, …)` meets with arguments of the kinds of `arguments` when
    /// each integer argument at an index of `varying` takes any value from 1 to its bound: each
    /// such argument is tried with an integer of every plural category within reach (in the
    /// locales the key's texts are in), in every combination; the other arguments as given. Worked
    /// out once per key, kinds of arguments and bounds for the run, so that a stage can warn of a
    /// translation that does not render for some point without rendering every point first.
    public func problems(checking key: String, _ arguments: [TemplateArgument], varying: [Int: Int] = [:]) -> [String] {
        guard let phrase = phrases[key] else { return ["no text for key '\(prefix + key)'"] }
        var signature = key
        for (i, argument) in arguments.enumerated() {
            if let bound = varying[i] { signature += "\u{0}1...\(bound)" }
            else if case let .integer(n) = argument { signature += "\u{0}\(n)" }
            else { signature += "\u{0}" + argument.kindDescription }
        }
        if let known = checks.problems.withLock({ $0[signature] }) { return known }
        let locales = [phrase.found.locale] + (phrase.source.map { [$0.locale] } ?? [])
        var trials: [[TemplateArgument]] = [arguments]
        for (i, bound) in varying.sorted(by: { $0.key < $1.key }) where arguments.indices.contains(i) {
            let samples = Phrasebook.integerSamples(locales: locales, upTo: bound)
            trials = trials.flatMap { trial in samples.map { n in var t = trial; t[i] = .integer(n); return t } }
        }
        var found: [String] = []
        for trial in trials {
            for problem in rendering(key, trial).problems where !found.contains(problem) { found.append(problem) }
        }
        checks.problems.withLock { $0[signature] = found }
        return found
    }

    /// The smallest integer from 1 to `bound` in each plural category of each of `locales`.
    static func integerSamples(locales: [String], upTo bound: Int) -> [Int] {
        var samples: [Int] = []
        for locale in Set(locales) {
            for n in firstOfEachCategory(locale) where n <= bound && !samples.contains(n) { samples.append(n) }
        }
        return samples.sorted()
    }

    /// The smallest positive integer of each plural category of `locale`, searched through the
    /// first thousand and the powers of ten up to ten million (French's `many` starts at a
    /// million); found once per locale for the process, not per check (a run's series have many
    /// lengths).
    static func firstOfEachCategory(_ locale: String) -> [Int] {
        if let known = firstIntegers.withLock({ $0[locale] }) { return known }
        let formats = LocaleFormats(locale: locale)
        var seen: Set<PluralCategory> = [], found: [Int] = []
        for n in Array(1...1_000) + [10_000, 100_000, 1_000_000, 10_000_000] where seen.insert(formats.pluralCategory(Double(n))).inserted {
            found.append(n)
        }
        firstIntegers.withLock { $0[locale] = found }
        return found
    }

    private static let firstIntegers = Locked<[String: [Int]]>([:])

    /// The memo of `problems(checking:_:)`, shared by the copies of a phrasebook.
    final class CheckMemo: Sendable {
        let problems = Locked<[String: [String]]>([:])
    }
}
