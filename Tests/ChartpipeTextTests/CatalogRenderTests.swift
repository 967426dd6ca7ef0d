@testable import ChartpipeText
import XCTest

final class CatalogRenderTests: XCTestCase {
    let shipped = Catalog.embedded

    func testShippedTemplatesInEveryLocale() {
        XCTAssertEqual(shipped.render("change.rose", locale: "en", ["Revenue", "12.5%", "$1,200", "$1,350"]),
                       "Revenue rose 12.5%, from $1,200 to $1,350.")
        XCTAssertEqual(shipped.render("change.rose", locale: "ko", ["매출", "12.5%", "US$1,200", "US$1,350"]),
                       "매출은 US$1,200에서 US$1,350로 12.5% 증가했습니다.")
        XCTAssertEqual(shipped.render("change.rose", locale: "zh-Hans", ["收入", "12.5%", "US$1,200", "US$1,350"]),
                       "收入从US$1,200增至US$1,350，增长了12.5%。")
        XCTAssertEqual(shipped.render("extreme.highest", locale: "ko", ["기온", "7월 1일", "섭씨 31도"]),
                       "기온은 7월 1일에 섭씨 31도로 가장 높았습니다.")
        XCTAssertEqual(shipped.render("axis.x.range", locale: "ko", ["날짜", "6월 1일", "6월 30일"]),
                       "x축은 6월 1일부터 6월 30일까지의 날짜를 나타냅니다.")
        XCTAssertEqual(shipped.render("axis.y.range", locale: "zh-Hans", ["收入", "US$1,200", "US$1,950"]),
                       "纵轴表示收入，从US$1,200到US$1,950。")
    }

    func testPluralsFollowCLDR() {
        XCTAssertEqual(shipped.render("points.count", locale: "en", [1]), "1 data point")
        XCTAssertEqual(shipped.render("points.count", locale: "en", [2]), "2 data points")
        XCTAssertEqual(shipped.render("points.count", locale: "en", [1234]), "1,234 data points")
        XCTAssertEqual(shipped.render("points.count", locale: "ko", [3]), "데이터 포인트 3개")
        XCTAssertEqual(shipped.render("points.count", locale: "zh-Hans", [3]), "3个数据点")
    }

    func testSubstitutions() {
        XCTAssertEqual(shipped.render("series.points.range", locale: "en", [1, "June 1", "June 1"]),
                       "1 point from June 1 to June 1")
        XCTAssertEqual(shipped.render("series.points.range", locale: "en", [30, "June 1", "June 30"]),
                       "30 points from June 1 to June 30")
        XCTAssertEqual(shipped.render("series.points.range", locale: "ko", [30, "6월 1일", "6월 30일"]),
                       "6월 1일부터 6월 30일까지 데이터 포인트 30개")
        XCTAssertEqual(shipped.render("series.points.range", locale: "zh-Hans", [30, "6月1日", "6月30日"]),
                       "从6月1日到6月30日，共30个数据点")
    }

    func testPercentPlaceholdersAndPrecision() {
        XCTAssertEqual(shipped.render("share.percent", locale: "en", ["Asia", 41.26]), "Asia is 41.3% of the total.")
        XCTAssertEqual(shipped.render("share.percent", locale: "ko", ["아시아", 41.26]), "아시아는 전체의 41.3%입니다.")
        XCTAssertEqual(shipped.render("share.percent", locale: "zh-Hans", ["亚洲", 41.26]), "亚洲占总数的41.3%。")
    }

    func testListsInTemplates() {
        let ko = LocaleFormats(locale: "ko")
        XCTAssertEqual(shipped.render("series.list", locale: "ko", [.text(ko.list(["서울", "부산", "대구"]))]),
                       "계열: 서울, 부산 및 대구.")
        let zh = LocaleFormats(locale: "zh-Hans")
        XCTAssertEqual(shipped.render("series.list", locale: "zh-Hans", [.text(zh.list(["北京", "上海", "广州"]))]),
                       "数据系列：北京、上海和广州。")
    }

    func testPipelineCatalogOverridesAndAddsLocales() throws {
        let catalog = try Catalog.loading(paths: [Fixture.path("weekly.xcstrings")])
        // Titles are looked up by their text; a missing one is the text itself.
        XCTAssertEqual(catalog.text("Daily sales", locale: "ko"), "일별 매출")
        XCTAssertEqual(catalog.text("Daily sales", locale: "zh-Hans-CN"), "每日销售额")
        XCTAssertEqual(catalog.text("Daily sales", locale: "fr-CA"), "Ventes quotidiennes")
        XCTAssertEqual(catalog.text("Weekly orders", locale: "ko"), "Weekly orders")
        XCTAssertEqual(catalog.text("Revenue", locale: "en"), "Revenue")
        // The override replaces ko only; en and zh-Hans stay as shipped.
        XCTAssertEqual(catalog.render("change.rose", locale: "ko-KR", ["매출", "12%", "₩1,000", "₩1,120"]),
                       "매출이 ₩1,000에서 ₩1,120으로 12% 늘었습니다.")
        XCTAssertEqual(catalog.render("change.rose", locale: "fr", ["Ventes", "12 %", "1 000 €", "1 120 €"]),
                       "Ventes a augmenté de 12 %, de 1 000 € à 1 120 €.")
        XCTAssertEqual(catalog.render("change.rose", locale: "zh-Hans", ["收入", "12%", "¥1,000", "¥1,120"]),
                       "收入从¥1,000增至¥1,120，增长了12%。")
        XCTAssertTrue(catalog.locales.contains("fr"))
        XCTAssertFalse(Catalog.embedded.locales.contains("fr"))
        // A run loads its catalogs once; every chart gets the same merged catalog.
        let shared = try Catalog.forRun(paths: [Fixture.path("weekly.xcstrings")])
        XCTAssertEqual(shared.entries, catalog.entries)
        XCTAssertThrowsError(try Catalog.forRun(paths: ["/nonexistent/run.xcstrings"]))
    }

    func testLocaleFallbackChain() {
        XCTAssertEqual(LocaleFallback.chain("zh-Hans-CN"), ["zh-Hans-CN", "zh-Hans", "zh"])
        XCTAssertEqual(LocaleFallback.chain("ko-KR"), ["ko-KR", "ko"])
        XCTAssertEqual(LocaleFallback.chain("zh_TW"), ["zh-TW", "zh-Hant", "zh"])
        XCTAssertEqual(LocaleFallback.chain("zh-CN"), ["zh-CN", "zh-Hans", "zh"])
        XCTAssertEqual(LocaleFallback.chain("zh"), ["zh", "zh-Hans"])
        // Unknown locales fall back to the source language.
        XCTAssertEqual(shipped.render("points.count", locale: "de", [2]), "2 data points")
        XCTAssertEqual(shipped.rendering("points.count", locale: "ko-KR", [2]).locale, "ko")
    }

    func testBrokenTranslationsFallBackVisiblyNeverCrash() throws {
        let catalog = Catalog([try Fixture.catalog("render.xcstrings")])
        let broken = catalog.rendering("broken.ko", locale: "ko", ["서울", 3])
        XCTAssertEqual(broken.text, "서울 has 3 points.")
        XCTAssertEqual(broken.locale, "en")
        XCTAssertEqual(broken.problems, ["[ko] '%5$@' reads argument 5 but 2 were given"])
        // An integer placeholder given text falls back to English too.
        XCTAssertEqual(catalog.render("mismatch", locale: "ko", ["서울", "three"]), "서울 has three points.")
        // When English is broken as well, the placeholder is marked where it stands.
        XCTAssertEqual(catalog.render("both.broken", locale: "ko", ["A", "B"]), "A(와)과 ⟦%3$@⟧")
        XCTAssertEqual(shipped.render("change.rose", locale: "en", ["Revenue"]),
                       "Revenue rose ⟦%2$@⟧, from ⟦%3$@⟧ to ⟦%4$@⟧.")
        XCTAssertEqual(catalog.render("no.such.key", locale: "ko"), "no.such.key")
    }

    func testPluralEdgeCases() throws {
        let catalog = Catalog([try Fixture.catalog("render.xcstrings")])
        XCTAssertEqual(catalog.render("decimal.points", locale: "en", [1.0]), "1.0 points")
        XCTAssertEqual(catalog.render("decimal.points", locale: "en", [2.5]), "2.5 points")
        XCTAssertEqual(catalog.render("points.zero", locale: "en", [0]), "No data points")
        XCTAssertEqual(catalog.render("points.zero", locale: "en", [1]), "1 data point")
        XCTAssertEqual(catalog.render("ru.points", locale: "ru", [1]), "1 точка")
        XCTAssertEqual(catalog.render("ru.points", locale: "ru", [3]), "3 точки")
        XCTAssertEqual(catalog.render("ru.points", locale: "ru", [5]), "5 точек")
        XCTAssertEqual(catalog.render("ru.points", locale: "ru", [21]), "21 точка")
        // A formatted number chooses its variant by its value and visible digits.
        XCTAssertEqual(catalog.render("ru.points", locale: "en", [.number("1", value: 1, fractionDigits: 0)]), "1 point")
    }

    func testUnnumberedPlaceholdersAndPercentSigns() throws {
        let catalog = Catalog([try Fixture.catalog("render.xcstrings")])
        XCTAssertEqual(catalog.render("unnumbered", locale: "en", ["A", "B"]), "A and B, 100%")
    }

    func testParticlesAfterSubstitutions() throws {
        let catalog = Catalog([try Fixture.catalog("render.xcstrings")])
        XCTAssertEqual(catalog.render("particle.sub", locale: "ko", [3]), "점 3이 바뀌었습니다")
        XCTAssertEqual(catalog.render("particle.sub", locale: "ko", [2]), "점 2가 바뀌었습니다")
        XCTAssertEqual(catalog.render("particle.sub", locale: "en", [1]), "1 point changed")
    }

    func testTemplateParsing() {
        let t = Template("%1$@ rose %2$.1f%% to %3$lld, %@ %#@n@ %arg %q")
        XCTAssertEqual(t.placeholders.map(\.argument), [1, 2, 3, 1])
        XCTAssertEqual(t.placeholders.map(\.kind), [.object, .double, .integer, .object])
        XCTAssertEqual(t.placeholders[1].precision, 1)
        XCTAssertEqual(Template("%arg개").tokens, [.substitutionArgument, .literal("개")])
        XCTAssertEqual(t.substitutions, ["n"])
        XCTAssertEqual(t.invalidSequences, ["%q"])
        XCTAssertTrue(t.tokens.contains(.substitutionArgument))
    }

    /// Templates are parsed when their text is set, once; rendering, with plurals and
    /// substitutions, parses none.
    func testRenderingParsesNoTemplate() {
        XCTAssertEqual(shipped.render("series.points.range", locale: "ko", [1, "6월 1일", "6월 1일"]),
                       "6월 1일부터 6월 1일까지 데이터 포인트 1개")
        let before = TextWork.counts
        for n in 0..<50 {
            _ = shipped.render("series.points.range", locale: ["en", "ko", "zh-Hans"][n % 3], [.integer(n), "A", "B"])
            _ = shipped.render("points.count", locale: "en", [.integer(n)])
        }
        XCTAssertEqual((TextWork.counts - before).templateParses, 0)
        var unit = StringUnit(value: "%lld points")
        unit.value = "%1$@ and %2$lld"
        XCTAssertEqual(unit.template.placeholders.map(\.argument), [1, 2])
    }

    /// Found by Fuzz/Template: a digit run longer than Int holds overflowed (a trap) instead of parsing.
    func testLongDigitRunsInPlaceholders() {
        let digits = String(repeating: "9", count: 30)
        let t = Template("%\(digits)$@ %.\(digits)f %\(digits)d")
        XCTAssertEqual(t.placeholders.map(\.argument), [1_000_000, 1, 2])
        XCTAssertEqual(t.placeholders.map(\.precision), [nil, 1_000_000, nil])
        let rendering = Catalog.render(.text("%\(digits)$@"), locale: "en", ["A"])
        XCTAssertEqual(rendering.text, "⟦%\(digits)$@⟧")
        XCTAssertEqual(rendering.problems, ["'%\(digits)$@' reads argument 1000000 but 1 were given"])
    }

    func testRenderingFromManyThreads() {
        let catalog = shipped
        let locales = ["en", "ko", "zh-Hans"]
        let expected = (0..<200).map { catalog.render("points.count", locale: locales[$0 % 3], [.integer($0)]) }
        let results = ResultBox(count: 200)
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            results.set(i, catalog.render("points.count", locale: locales[i % 3], [.integer(i)]))
        }
        XCTAssertEqual(results.values, expected)
    }
}
