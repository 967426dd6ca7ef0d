import Synchronization

/// The texts of a catalog for one locale, each key's localization found once: what a stage that
/// renders thousands of sentences per chart (`describe`) looks its keys up in. A rendering here is
/// the rendering `Catalog.rendering` makes, without following the locale chain, building the key
/// or finding the locale's language again for every sentence.
///
/// Made by `Catalog.phrasebook(for:prefix:)` once per catalog, locale and prefix, and shared by
/// every chart of the run (it is immutable but for the memo of `problems(checking:_:)`).
public struct Phrasebook: Sendable {
    /// The locale as it was asked for.
    public let locale: String
    /// What the keys start with (`describe.`), left out of the keys it is asked for.
    public let prefix: String
    private let phrases: [String: Phrase]
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

        init(locale: String, localization: Localization) {
            self.locale = locale
            isKorean = LocaleFallback.isKorean(locale)
            self.localization = localization
        }

        func render(_ arguments: [TemplateArgument]) -> Rendering {
            var renderer = TemplateRenderer(locale: locale, isKorean: isKorean)
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

    /// `prefix + key` rendered with `arguments`, as `Catalog.rendering` renders it: the locale's
    /// text when it renders cleanly, else the source language's, else the text marked `⟦…⟧`.
    public func rendering(_ key: String, _ arguments: [TemplateArgument] = []) -> Rendering {
        guard let phrase = phrases[key] else {
            return Rendering(text: prefix + key, locale: nil, problems: ["no text for key '\(prefix + key)'"])
        }
        return Catalog.rendering(phrase.found, source: phrase.source, arguments)
    }

    /// Every problem `rendering(key, …)` meets with arguments of the kinds of `arguments` when
    /// each integer argument at an index of `varying` takes any value of its range: each such
    /// argument is tried with an integer of every plural category that its range holds (in the
    /// locales the key's texts are in), in every combination; the other arguments as given. Worked
    /// out once per key, kinds of arguments and ranges for the run, so that a stage can warn of a
    /// translation that does not render for some point without rendering every point first.
    public func problems(checking key: String, _ arguments: [TemplateArgument], varying: [Int: ClosedRange<Int>] = [:]) -> [String] {
        guard let phrase = phrases[key] else { return ["no text for key '\(prefix + key)'"] }
        var signature = key
        for (i, argument) in arguments.enumerated() {
            if let range = varying[i] { signature += "\u{0}\(range.lowerBound)...\(range.upperBound)" }
            else if case let .integer(n) = argument { signature += "\u{0}\(n)" }
            else { signature += "\u{0}" + argument.kindDescription }
        }
        if let known = checks.problems.withLock({ $0[signature] }) { return known }
        let locales = [phrase.found.locale] + (phrase.source.map { [$0.locale] } ?? [])
        var trials: [[TemplateArgument]] = [arguments]
        for (i, range) in varying.sorted(by: { $0.key < $1.key }) where arguments.indices.contains(i) {
            let samples = Phrasebook.integerSamples(locales: locales, in: range)
            trials = trials.flatMap { trial in samples.map { n in var t = trial; t[i] = .integer(n); return t } }
        }
        var found: [String] = []
        for trial in trials {
            for problem in rendering(key, trial).problems where !found.contains(problem) { found.append(problem) }
        }
        checks.problems.withLock { $0[signature] = found }
        return found
    }

    /// The smallest integer of `range` in each plural category of each of `locales` (searched
    /// through its first thousand and its powers of ten up to ten million, where French's `many`
    /// starts at a million).
    static func integerSamples(locales: [String], in range: ClosedRange<Int>) -> [Int] {
        var candidates = Array(range.lowerBound...min(range.upperBound, range.lowerBound + 999))
        for power in [10_000, 100_000, 1_000_000, 10_000_000] where range.contains(power) && !candidates.contains(power) {
            candidates.append(power)
        }
        var samples: [Int] = []
        for locale in Set(locales).sorted() {
            let formats = LocaleFormats(locale: locale)
            var seen: Set<PluralCategory> = []
            for n in candidates where seen.insert(formats.pluralCategory(Double(n))).inserted && !samples.contains(n) {
                samples.append(n)
            }
        }
        return samples.sorted()
    }

    /// The memo of `problems(checking:_:)`, shared by the copies of a phrasebook.
    final class CheckMemo: Sendable {
        let problems = Mutex<[String: [String]]>([:])
    }
}

extension Catalog {
    /// Renders `found`, falling back to `source` when `found` meets a problem (see `rendering`).
    static func rendering(_ found: Phrasebook.Resolved, source: Phrasebook.Resolved?, _ arguments: [TemplateArgument]) -> Rendering {
        var first = found.render(arguments)
        if first.problems.isEmpty { return first }
        if let source {
            let fallback = source.render(arguments)
            if fallback.problems.isEmpty {
                return Rendering(text: fallback.text, locale: source.locale, problems: first.problems.map { "[\(found.locale)] \($0)" })
            }
        }
        first.problems = first.problems.map { "[\(found.locale)] \($0)" }
        return first
    }
}
