@testable import ChartpipeText
import XCTest

/// A phrasebook (what `Catalog.rendering` renders through) finds each key's text as the catalog's
/// rules say, key by key, in every locale, and its check of a key meets what some argument would
/// meet.
final class PhrasebookTests: XCTestCase {
    /// The catalog's rules written out plainly, as the reference: the first locale of the fallback
    /// chain with a text, else the key's source language; that text rendered, else the source
    /// language's when the locale's meets a problem (the problem kept, marked with its locale).
    static func reference(_ catalog: Catalog, _ key: String, _ locale: String, _ arguments: [TemplateArgument]) -> Rendering {
        guard let entry = catalog.entries[key] else { return Rendering(text: key, locale: nil, problems: ["no text for key '\(key)'"]) }
        let found = LocaleFallback.chain(locale).first { entry.localizations[$0] != nil } ?? entry.sourceLanguage
        guard let text = entry.localizations[found] else { return Rendering(text: key, locale: nil, problems: ["no text for key '\(key)'"]) }
        var first = Catalog.render(text, locale: found, arguments)
        guard !first.problems.isEmpty else { return first }
        let marked = first.problems.map { "[\(found)] \($0)" }
        if found != entry.sourceLanguage, let source = entry.localizations[entry.sourceLanguage] {
            let fallback = Catalog.render(source, locale: entry.sourceLanguage, arguments)
            if fallback.problems.isEmpty { return Rendering(text: fallback.text, locale: entry.sourceLanguage, problems: marked) }
        }
        first.problems = marked
        return first
    }

    /// Arguments of every kind and plural category, and too few: each key meets its variants,
    /// its fallbacks and its problems.
    static let argumentSets: [[TemplateArgument]] = [
        [],
        ["A", "B", "C", "D", "E", "F"],
        [.integer(1), "B", .integer(2), .integer(3), "E", .integer(5)],
        [.integer(2), .double(2.5), "C", .integer(1), .integer(21), .integer(0)],
        ["A", "B", .integer(1), .integer(1), "E"],
        ["A", "B", "C", .integer(3), .integer(11)],
        [.number("1,200", value: 1200, fractionDigits: 0), .integer(1)],
    ]

    func testEveryShippedKeyRendersAsTheCatalogsRulesSay() throws {
        let catalog = Catalog.embedded
        var compared = 0
        for locale in ["en", "ko", "ko-KR", "zh-Hans", "zh-CN", "ja", "de"] {
            let book = catalog.phrasebook(for: locale, prefix: "")
            for key in catalog.entries.keys.sorted() {
                for arguments in Self.argumentSets {
                    XCTAssertEqual(book.rendering(key, arguments), Self.reference(catalog, key, locale, arguments), "\(key) [\(locale)]")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    func testAPrefixIsLeftOutOfItsKeys() {
        let catalog = Catalog.embedded
        let book = catalog.phrasebook(for: "ko", prefix: "describe.")
        let arguments: [TemplateArgument] = ["6월 1일", "1,200원", .integer(3), .integer(30)]
        XCTAssertEqual(book.rendering("point", arguments), Self.reference(catalog, "describe.point", "ko", arguments))
        XCTAssertEqual(book.rendering("no.such.key", []),
                       Rendering(text: "describe.no.such.key", locale: nil, problems: ["no text for key 'describe.no.such.key'"]))
        XCTAssertNil(book.rendering("describe.point", arguments).locale, "the prefix is not written twice")
    }

    func testBrokenTranslationsFallBackAsTheCatalogsRulesSay() throws {
        let catalog = Catalog([try Fixture.catalog("render.xcstrings")])
        for locale in ["en", "ko", "zh-Hans"] {
            let book = catalog.phrasebook(for: locale, prefix: "")
            for key in catalog.entries.keys.sorted() {
                for arguments in Self.argumentSets + [["서울", 3], ["서울", "three"], ["A", "B"]] {
                    XCTAssertEqual(book.rendering(key, arguments), Self.reference(catalog, key, locale, arguments), "\(key) [\(locale)]")
                }
            }
        }
    }

    func testAPhrasebookIsMadeOncePerCatalogAndAMergeMakesItAgain() throws {
        var catalog = Catalog.embedded
        XCTAssertEqual(catalog.phrasebook(for: "en", prefix: "describe.").rendering("nav.peaks").text, "Peaks")
        let override = StringCatalog(entries: ["describe.nav.peaks": CatalogEntry(localizations: ["en": .text("Highs")])])
        catalog.merge(override)
        XCTAssertEqual(catalog.phrasebook(for: "en", prefix: "describe.").rendering("nav.peaks").text, "Highs")
        XCTAssertEqual(Catalog.embedded.phrasebook(for: "en", prefix: "describe.").rendering("nav.peaks").text, "Peaks",
                       "the shipped catalog's phrasebook is its own")
    }

    /// A translation broken in one plural variant is met by the check whatever the argument given,
    /// when the argument's range holds a value of that variant, and only then.
    func testTheCheckMeetsAProblemOfAnyPluralVariantInReach() {
        let one = StringUnit(value: "%1$lld point, %2$@, %9$@")
        let other = StringUnit(value: "%1$lld points, %2$@")
        let entries: [String: CatalogEntry] = [
            "k": CatalogEntry(localizations: ["en": Localization(plural: [.one: one, .other: other])]),
            "fine": CatalogEntry(localizations: ["en": Localization(plural: [.one: StringUnit(value: "%1$lld point, %2$@"), .other: other])]),
        ]
        let catalog = Catalog([StringCatalog(entries: entries)])
        let book = catalog.phrasebook(for: "en", prefix: "")
        // Two points render cleanly; one does not.
        XCTAssertEqual(book.rendering("k", [.integer(2), "x"]).problems, [])
        let problem = "[en] '%9$@' reads argument 9 but 2 were given"
        XCTAssertEqual(book.rendering("k", [.integer(1), "x"]).problems, [problem])
        XCTAssertEqual(book.problems(checking: "k", [.integer(2), "x"]), [], "the argument as given")
        XCTAssertEqual(book.problems(checking: "k", [.integer(2), "x"], varying: [0: 40]), [problem])
        XCTAssertEqual(book.problems(checking: "k", [.integer(2), "x"], varying: [0: 40]), [problem], "the same, from the memo")
        XCTAssertEqual(book.problems(checking: "k", [.integer(2), "x"], varying: [0: 1]), [problem], "1 alone")
        XCTAssertEqual(book.problems(checking: "fine", [.integer(2), "x"], varying: [0: 40]), [])
        XCTAssertEqual(book.problems(checking: "missing", []), ["no text for key 'missing'"])
        // The fallback is English's text, and the problem is the translation's (as `Catalog.rendering` says).
        let fallback = Catalog([StringCatalog(entries: ["k": CatalogEntry(localizations: [
            "en": .text("%1$lld of them"), "ko": Localization(plural: [.other: StringUnit(value: "%1$lld개 %3$@")]),
        ])])])
        XCTAssertEqual(fallback.phrasebook(for: "ko-KR", prefix: "").rendering("k", [.integer(3)]),
                       Rendering(text: "3 of them", locale: "en", problems: ["[ko] '%3$@' reads argument 3 but 1 were given"]))
    }

    /// One integer of each plural category within reach: Korean has one category, English two;
    /// Russian, Arabic, Polish, Welsh and French more.
    func testIntegerSamplesCoverEveryCategoryInReach() {
        XCTAssertEqual(Phrasebook.integerSamples(locales: ["ko"], upTo: 5_000), [1])
        XCTAssertEqual(Phrasebook.integerSamples(locales: ["en"], upTo: 5_000), [1, 2])
        XCTAssertEqual(Phrasebook.integerSamples(locales: ["en", "ko"], upTo: 1), [1])
        for locale in ["ru", "ar", "pl", "cy", "fr"] {
            let formats = LocaleFormats(locale: locale)
            let categories = Set(Phrasebook.integerSamples(locales: [locale], upTo: 10_000_000).map { formats.pluralCategory(Double($0)) })
            let reachable = Set((Array(1...1_000) + [10_000, 100_000, 1_000_000, 10_000_000]).map { formats.pluralCategory(Double($0)) })
            XCTAssertEqual(categories, reachable, locale)
            XCTAssertGreaterThan(categories.count, 2, locale)
            // Short series reach fewer: at most the categories of 1…5.
            let short = Set(Phrasebook.integerSamples(locales: [locale], upTo: 5).map { formats.pluralCategory(Double($0)) })
            XCTAssertEqual(short, Set((1...5).map { formats.pluralCategory(Double($0)) }), locale)
        }
    }

    /// A phrase that joins parts renders as the renderer does: every shipped key of the kinds of a
    /// point's label in seven locales, with texts and integers of every size; a text the renderer
    /// must choose or resolve (plural variants, substitutions, a Korean particle after a
    /// placeholder, a hexadecimal integer, an argument out of reach) is not made fixed.
    func testAFixedPhraseRendersAsTheRendererDoes() throws {
        let kinds: [FixedPhrase.Kind] = [.text, .text, .integer, .integer]
        var compared = 0
        for locale in ["en", "ko", "ko-KR", "zh-Hans", "zh-CN", "ja", "de"] {
            let book = Catalog.embedded.phrasebook(for: locale, prefix: "describe.")
            let phrase = try XCTUnwrap(book.fixed("point", kinds: kinds), locale)
            for (a, b, p, c) in [("June 6", "$1,950", 1, 92), ("2023년 10월 20일", "818.54", 1_999_999, 2_000_000),
                                 ("", "", 0, 0), ("x\"y", "가", 21, 1_000_000_000)] {
                let expected = book.rendering("point", [.text(a), .text(b), .integer(p), .integer(c)])
                XCTAssertEqual(expected.problems, [], locale)
                let text = phrase.render { [a, b, phrase.integer(p), phrase.integer(c)][$0] }
                XCTAssertEqual(text, expected.text, "\(locale) \(p) of \(c)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 28)
        let entries: [String: CatalogEntry] = [
            "plural": CatalogEntry(localizations: ["en": Localization(plural: [.one: StringUnit(value: "%1$@ %3$lld point"),
                                                                               .other: StringUnit(value: "%1$@ %3$lld points")])]),
            "particle": CatalogEntry(localizations: ["ko": .text("%1$@(이)가 %2$@")]),
            "particleLater": CatalogEntry(localizations: ["ko": .text("%1$@, 값(이)가 %2$@")]),
            "hex": CatalogEntry(localizations: ["en": .text("%1$@ %3$llx")]),
            "far": CatalogEntry(localizations: ["en": .text("%1$@ %5$@")]),
            "textAsInteger": CatalogEntry(localizations: ["en": .text("%1$lld")]),
            "double": CatalogEntry(localizations: ["en": .text("%3$.1f")]),
            "substitution": CatalogEntry(localizations: ["en": Localization(stringUnit: StringUnit(value: "%#@n@"),
                                                                            substitutions: ["n": Substitution(argNum: 3, formatSpecifier: "lld",
                                                                                                              plural: [.other: StringUnit(value: "%arg")])])]),
            "plain": CatalogEntry(localizations: ["en": .text("%2$@ – %1$@ (%4$@ of %3$d)")]),
        ]
        let catalog = Catalog([StringCatalog(entries: entries)])
        for key in ["plural", "hex", "far", "textAsInteger", "double", "substitution"] {
            XCTAssertNil(catalog.phrasebook(for: "en", prefix: "").fixed(key, kinds: kinds), key)
        }
        XCTAssertNil(catalog.phrasebook(for: "ko", prefix: "").fixed("particle", kinds: kinds))
        // A marker after a literal, not after a placeholder, is the text's own: nothing to resolve.
        let later = try XCTUnwrap(catalog.phrasebook(for: "ko", prefix: "").fixed("particleLater", kinds: kinds))
        XCTAssertEqual(later.render { ["사과", "3"][$0] }, catalog.phrasebook(for: "ko", prefix: "").rendering("particleLater", ["사과", "3"]).text)
        let plain = try XCTUnwrap(catalog.phrasebook(for: "en", prefix: "").fixed("plain", kinds: kinds))
        XCTAssertEqual(plain.render { ["a", "b", plain.integer(1234), plain.integer(5678)][$0] },
                       catalog.phrasebook(for: "en", prefix: "").rendering("plain", ["a", "b", .integer(1234), .integer(5678)]).text)
        XCTAssertEqual(plain.render { ["a", "b", plain.integer(1234), plain.integer(5678)][$0] }, "b – a (5,678 of 1,234)")
    }
}
