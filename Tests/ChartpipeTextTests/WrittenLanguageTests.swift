@testable import ChartpipeText
import XCTest

/// Which language a locale is written in is decided once, by the catalogs; its spacing and
/// formats follow that decision, never the locale string alone.
final class WrittenLanguageTests: XCTestCase {
    let shipped = Catalog.embedded
    /// 2026-06-06T13:00:00Z.
    let june6 = 1_780_750_800_000.0

    func testShippedLocalesAreWrittenInThemselves() {
        for (locale, catalogLocale, separator, chinese) in [("en", "en", " ", false), ("zh-Hans", "zh-Hans", "", true),
                                                            ("ko", "ko", " ", false), ("ja", "ja", "", false)] {
            let language = shipped.writtenLanguage(for: locale)
            XCTAssertTrue(language.isTranslated, locale)
            XCTAssertEqual(language.catalogLocale, catalogLocale)
            XCTAssertEqual(language.formattingLocale, locale)
            XCTAssertEqual(language.sentenceSeparator, separator, locale)
            XCTAssertEqual(language.usesChineseTypography, chinese, locale)
        }
        XCTAssertEqual(shipped.writtenLanguage(for: "zh-Hans").joining(["第一句。", "第二句。"]), "第一句。第二句。")
        XCTAssertEqual(shipped.writtenLanguage(for: "ko").joining(["첫째입니다.", "둘째입니다."]), "첫째입니다. 둘째입니다.")
        XCTAssertEqual(shipped.writtenLanguage(for: "zh-Hans").typeset("11月20日 06:00, 共 3 个"), "11月20日 06:00，共3个")
        XCTAssertEqual(shipped.writtenLanguage(for: "en").typeset("June 6, 3 points"), "June 6, 3 points")
        XCTAssertEqual(shipped.writtenLanguage(for: "ja").list(["東京", "大阪", "名古屋"]), "東京、大阪、名古屋")
    }

    /// A region of a shipped language keeps its region's formats and reads its language's texts.
    func testRegionsReadTheirLanguagesTexts() {
        let korea = shipped.writtenLanguage(for: "ko-KR")
        XCTAssertEqual(korea.catalogLocale, "ko")
        XCTAssertEqual(korea.formattingLocale, "ko-KR")
        XCTAssertTrue(korea.isTranslated)
        let mainland = shipped.writtenLanguage(for: "zh_CN")
        XCTAssertEqual(mainland.catalogLocale, "zh-Hans")
        XCTAssertEqual(mainland.formattingLocale, "zh-CN")
        XCTAssertEqual(mainland.sentenceSeparator, "")
        XCTAssertEqual(shipped.writtenLanguage(for: "en-GB").formats.date(millis: june6), "6 June")
    }

    /// zh-Hant, zh-TW, pt-BR and de have no catalog: texts, spacing, numbers and dates are all English.
    func testUntranslatedLocalesAreWrittenInTheSourceLanguage() {
        for locale in ["zh-Hant", "zh-TW", "pt-BR", "de"] {
            let language = shipped.writtenLanguage(for: locale)
            XCTAssertFalse(language.isTranslated, locale)
            XCTAssertEqual(language.requested, locale)
            XCTAssertEqual(language.catalogLocale, "en", locale)
            XCTAssertEqual(language.formattingLocale, "en", locale)
            XCTAssertEqual(language.language, "en", locale)
            XCTAssertEqual(language.sentenceSeparator, " ", locale)
            XCTAssertFalse(language.usesChineseTypography, locale)
            XCTAssertEqual(language.formats.number(1234.5), "1,234.5", locale)
            XCTAssertEqual(language.formats.date(millis: june6), "June 6", locale)
            XCTAssertEqual(language.list(["A", "B", "C"]), "A, B, and C", locale)
            XCTAssertEqual(language.typeset("June 6 , 3"), "June 6 , 3", locale)
            XCTAssertEqual(shipped.render("points.count", locale: locale, [2]), "2 data points", locale)
        }
    }

    /// A pipeline catalog that adds a locale makes it written in itself.
    func testAPipelineCatalogAddsALanguage() throws {
        let catalog = try Catalog.loading(paths: [Fixture.path("weekly.xcstrings")])
        let french = catalog.writtenLanguage(for: "fr-CA")
        XCTAssertTrue(french.isTranslated)
        XCTAssertEqual(french.catalogLocale, "fr")
        XCTAssertEqual(french.formattingLocale, "fr-CA")
        XCTAssertEqual(french.formats.date(millis: june6), "6 juin")
        XCTAssertFalse(shipped.writtenLanguage(for: "fr-CA").isTranslated)
        XCTAssertEqual(catalog.sourceLanguage, "en")
    }
}
