import ChartpipeCore
import ChartpipeText
@testable import Describe
import Foundation
import XCTest

/// Wording rules a native editor asked for (issue 30, second round), in every shipped locale: one
/// verb family per quantity, times written once per day, units as the press writes them, English
/// running text, Chinese values without a counter.
final class WordingRulesTests: XCTestCase {
    private func described(_ context: ChartContext) throws -> [String: ChartDescription] {
        var context = context
        try Describe(["points": "none"]).run(&context)
        return try XCTUnwrap(context[DescriptionsKey.self])
    }

    /// Every sentence of a description, its navigation titles and labels.
    private func words(_ d: ChartDescription) -> String {
        ([d.summary] + d.axes.map(\.text) + d.statistics + d.series.flatMap { [$0.summary] + $0.segments.map(\.label) }
            + d.navigation.flatMap { [$0.title] + $0.entries.map(\.label) }).joined(separator: "\n")
    }

    private func rising(_ title: String, unit: String?, y: (Int) -> Double, n: Int = 40, step: Double = DescribeCharts.day,
                        xType: XType = .time, xUnit: String? = nil, xTitle: String = "Date") throws -> ChartContext {
        var noise = DescribeCharts.Noise(seed: 11)
        let x = xType == .time ? DescribeCharts.days(n, step: step) : (0..<n).map { Double($0 + 1) }
        return try DescribeCharts.context(DescribeCharts.spec(id: "c", title: title, xType: xType, xTitle: xTitle, xUnit: xUnit,
                                                              yTitle: title, unit: unit),
                                          SeriesSet(xType: xType, series: [DescribeCharts.series(title, x: x,
                                                                                                   y: (0..<n).map { ((y($0) + noise.gauss(0.01 * y($0))) * 100).rounded() / 100 })]))
    }

    /// Money on an axis of millions is a total (revenue, GDP), which increases; a smaller one a price,
    /// which rises; a plain number written with two decimals (an index) a level, which rises. One
    /// family in each description: the other never appears.
    func testVerbsFollowTheQuantityThroughTheDescription() throws {
        let total = try described(rising("GDP", unit: "USD", y: { 2e8 + 4e6 * Double($0) }))
        let price = try described(rising("Price", unit: "USD", y: { 20 + 0.4 * Double($0) }))
        let level = try described(rising("Index", unit: nil, y: { 1000.5 + 12.25 * Double($0) }))
        let families: [String: (total: String, price: String, wrong: String)] = [
            "ko": ("증가", "상승", "증가"), "ja": ("増加", "上昇", "増加"), "zh-Hans": ("增长", "上涨", "增长"),
        ]
        for (locale, family) in families {
            let totalWords = words(try XCTUnwrap(total[locale])), priceWords = words(try XCTUnwrap(price[locale]))
            XCTAssertTrue(totalWords.contains(family.total), "\(locale): \(totalWords)")
            XCTAssertFalse(totalWords.contains(family.price), "\(locale): \(totalWords)")
            XCTAssertTrue(priceWords.contains(family.price), "\(locale): \(priceWords)")
            XCTAssertFalse(priceWords.contains(family.total), "\(locale): \(priceWords)")
            let levelWords = words(try XCTUnwrap(level[locale]))
            XCTAssertFalse(levelWords.contains(family.wrong), "\(locale): \(levelWords)")
        }
        XCTAssertTrue(words(try XCTUnwrap(level["ko"])).contains("상승"))
        XCTAssertTrue(words(try XCTUnwrap(level["ja"])).contains("上昇"))
        // Chinese "from A to B" of a total is 增至, of a price 升至.
        let totalZh = words(try XCTUnwrap(total["zh-Hans"])), priceZh = words(try XCTUnwrap(price["zh-Hans"]))
        XCTAssertTrue(totalZh.contains("增至"), totalZh)
        XCTAssertFalse(totalZh.contains("美元升至"), totalZh)
        XCTAssertTrue(priceZh.contains("升至"), priceZh)
    }

    func testChineseFromToVerbs() {
        XCTAssertEqual(ChineseText.toVerbs("从5升升至7升", increase: false), "从5升增至7升")
        XCTAssertEqual(ChineseText.toVerbs("从393万人升至2.03亿人，上升至原来的51.7倍", increase: true), "从393万人增至2.03亿人，上升至原来的51.7倍")
        XCTAssertEqual(ChineseText.toVerbs("从9.5美元降至8美元", increase: false), "从9.5美元降至8美元")
        XCTAssertEqual(ChineseText.toVerbs("从120降至80，下降至", increase: true), "从120减至80，下降至")
        XCTAssertEqual(ChineseText.toVerbs("穿过“警戒线”线（4%）", increase: false), "穿过“警戒线”（4%）")
        XCTAssertEqual(JapaneseText.withoutDoubleLine("低残量ライン（20%）の基準線を下回りました。"), "低残量ライン（20%）を下回りました。")
        XCTAssertEqual(JapaneseText.withoutDoubleLine("目標（1,500ドル）の基準線と交差しました。"), "目標（1,500ドル）の基準線と交差しました。")
    }

    /// Chinese values take no general counter: 个 does not fit passengers, and never a fraction.
    func testChineseValuesTakeNoCounter() throws {
        let x = DescribeCharts.days(40)
        let passengers = try described(DescribeCharts.context(DescribeCharts.spec(id: "p", title: "Passengers", yTitle: "Passengers"),
                                                              SeriesSet(xType: .time, series: [DescribeCharts.series("p", x: x,
                                                                  y: x.indices.map { Double(112 + 3 * $0 + ($0 * 7) % 5) })])))
        let zh = words(try XCTUnwrap(passengers["zh-Hans"]))
        XCTAssertNil(zh.range(of: "[0-9]个(?!系列|数据点)", options: .regularExpression), zh)
    }

    /// Sub-second data within one day: the date once, the times without ".000" ("9시 0분 0초부터 9시 1분 14.5초까지").
    func testTimesWithinOneDayNameTheDayOnce() throws {
        let start = DescribeCharts.june1 + 9 * DescribeCharts.hour
        let x = (0..<150).map { start + Double($0) * 500 }
        var noise = DescribeCharts.Noise(seed: 5)
        let context = try DescribeCharts.context(DescribeCharts.spec(id: "s", title: "Sensor", xTitle: "Time", yTitle: "Pressure"),
                                                 SeriesSet(xType: .time, series: [DescribeCharts.series("p", x: x,
                                                     y: x.indices.map { 10 + 0.5 * Double($0) + noise.gauss(0.2) })]))
        let described = try described(context)
        let expected = ["ko": "9시 0분 0초부터 9시 1분 14.5초까지", "en": "9:00:00\u{202F}AM to 9:01:14.5\u{202F}AM", "ja": "9:00:00から9:01:14.5",
                        "zh-Hans": "09:00:00至09:01:14.5"]
        for (locale, range) in expected {
            let text = words(try XCTUnwrap(described[locale]))
            XCTAssertTrue(text.contains(range), "\(locale): \(text)")
            for wrong in [".000", ".0초", "per 1 "] { XCTAssertFalse(text.contains(wrong), "\(locale): \(wrong) in \(text)") }
            let summary = try XCTUnwrap(described[locale]).summary
            let date = ["ko": "6월 1일", "en": "June 1", "ja": "6月1日", "zh-Hans": "6月1日"][locale] ?? ""
            XCTAssertEqual(summary.components(separatedBy: date).count - 1, 1, "\(locale): \(summary)")
        }
        // Half-hourly data: the end of a range within a day is a clock, never the hour alone ("17시" for 17:30).
        let halfHours = XValueText(facts: XAxisFacts(kind: .time, series: [DescribeCharts.days(10, step: 1_800_000)]),
                                   language: Catalog.embedded.writtenLanguage(for: "ko"), catalog: Catalog.embedded)
        XCTAssertEqual(halfHours.timeOfDay(DescribeCharts.june1 + 3 * 1_800_000), "01:30")
        // Ten-minute data over two days: a range within one day names the day at its start only.
        let facts = XAxisFacts(kind: .time, series: [DescribeCharts.days(200, step: 600_000)])
        let catalog = Catalog.embedded
        for locale in DescribeCharts.locales {
            let text = XValueText(facts: facts, language: catalog.writtenLanguage(for: locale), catalog: catalog)
            XCTAssertTrue(text.sameDay(DescribeCharts.june1 + 600_000, DescribeCharts.june1 + 6 * 600_000))
            let end = text.timeOfDay(DescribeCharts.june1 + 66 * 600_000)
            XCTAssertFalse(end.contains("6") && (end.contains("月") || end.contains("월") || end.contains("June")), "\(locale): \(end)")
            XCTAssertTrue(end.contains("11"), "\(locale): \(end)")
        }
    }

    /// Units as the press writes them: Korean tons, Japanese unit names without a double space.
    func testUnitsReadAsThePressWritesThem() {
        XCTAssertEqual(LocaleFormats(locale: "ko").measure(5, unit: "mass-tonne"), "5톤")
        XCTAssertEqual(LocaleFormats(locale: "ko").unitName("mass-tonne"), "톤")
        for locale in ["ja", "ko", "zh-Hans", "en"] {
            let name = LocaleFormats(locale: locale).unitName("temperature-fahrenheit") ?? ""
            XCTAssertFalse(name.contains("  "), "\(locale): \(name)")
        }
        XCTAssertEqual(LocaleFormats(locale: "ja").unitName("temperature-fahrenheit"), "華氏度")
        // An age: "44세", "44歳", "44岁" (CLDR's "44년" reads as a span of years).
        let ages = ["ko": "44세", "ja": "44歳", "zh-Hans": "44岁", "en": "44 years"]
        for (locale, age) in ages { XCTAssertEqual(LocaleFormats(locale: locale).measure(44, unit: "duration-year-person"), age, locale) }
        XCTAssertEqual(LocaleFormats(locale: "en").unitName(one: "length-kilometer"), "kilometer")
        XCTAssertEqual(LocaleFormats(locale: "ko").unitName(one: "length-kilometer"), "킬로미터")
    }

    /// English quarters read "Q1 1965"; rates over an x of durations in the time's words ("per year").
    func testQuartersAndRatesOfDurations() throws {
        let q = Double(TimeText.days(year: 1965, month: 1, day: 1)) * DescribeCharts.day
        XCTAssertEqual(LocaleFormats(locale: "en").date(millis: q, style: .yearQuarter), "Q1 1965")
        let ages = try described(rising("Height", unit: "length-foot", y: { 4 + 2.5 * Double($0) }, n: 23, xType: .number,
                                        xUnit: "duration-year", xTitle: "Age"))
        let perYear = ["en": "per year", "ko": "연간", "zh-Hans": "每年", "ja": "1年あたり"]
        for (locale, words) in perYear {
            let statistics = try XCTUnwrap(ages[locale]).statistics.joined(separator: " ")
            XCTAssertTrue(statistics.contains(words), "\(locale): \(statistics)")
            XCTAssertFalse(statistics.contains("1 year") || statistics.contains("1년당") || statistics.contains("每1年"), "\(locale): \(statistics)")
        }
        let distance = try described(rising("Height", unit: "length-foot", y: { 4 + 2.5 * Double($0) }, n: 23, xType: .number,
                                            xUnit: "length-kilometer", xTitle: "Distance"))
        let perKilometer = ["en": "per kilometer", "ko": "킬로미터당", "zh-Hans": "每公里", "ja": "1キロメートルあたり"]
        for (locale, words) in perKilometer {
            let statistics = try XCTUnwrap(distance[locale]).statistics.joined(separator: " ")
            XCTAssertTrue(statistics.contains(words), "\(locale): \(statistics)")
        }
    }

    /// English names a common noun from a title with "the", starts each sentence with a capital, and
    /// names a threshold as one ("crossed the target threshold").
    func testEnglishRunningText() throws {
        let population = try described(rising("Population", unit: nil, y: { Double(3_930_000 + 500_000 * $0) }, xTitle: "Year"))
        let en = try XCTUnwrap(population["en"])
        XCTAssertTrue(en.summary.contains(", the population rose"), en.summary)
        XCTAssertTrue(en.axes[0].text.hasPrefix("The x axis shows the year, from"), en.axes[0].text)
        XCTAssertTrue(en.statistics.allSatisfy { $0.first?.isUppercase == true }, "\(en.statistics)")
        XCTAssertEqual(en.series.first?.name, "Population")
        XCTAssertEqual(EnglishText.withArticle("passengers (thousands)"), "passengers (thousands)")
        XCTAssertEqual(EnglishText.withArticle("approval rating"), "the approval rating")
        XCTAssertEqual(EnglishText.withArticle("GDP"), "GDP")
        XCTAssertEqual(EnglishText.sentenceCase("the population rose."), "The population rose.")
        XCTAssertEqual(EnglishText.sentenceCase("from June 1 to June 30"), "from June 1 to June 30")
    }
    /// A list of changes says its amounts in one form: multiples apart from percentages, so that
    /// "分别上升至…125.3%" never reads as a multiple.
    func testMultiplesAndPercentagesAreNotListedTogether() throws {
        let x = DescribeCharts.days(40)
        var noise = DescribeCharts.Noise(seed: 2)
        let ends: [(String, Double)] = [("DAX", 3.4), ("SMI", 4.6), ("CAC", 2.253), ("FTSE", 2.232)]
        let series = ends.map { name, factor in
            DescribeCharts.series(name, x: x, y: x.indices.map { 1000 * (1 + (factor - 1) * Double($0) / 39) + noise.gauss(2) })
        }
        let described = try described(DescribeCharts.context(DescribeCharts.spec(id: "idx", title: "Indices", yTitle: "Index points",
                                                                                  seriesField: "index"),
                                                             SeriesSet(xType: .time, series: series)))
        let multiple = ["en": "-fold", "ko": "배", "zh-Hans": "倍", "ja": "倍"]
        for locale in DescribeCharts.locales {
            let summary = try XCTUnwrap(described[locale]).summary
            let sentences = summary.components(separatedBy: locale == "en" || locale == "ko" ? ". " : "。")
            XCTAssertTrue(summary.contains("%"), "\(locale): \(summary)")
            XCTAssertTrue(summary.contains(multiple[locale] ?? ""), "\(locale): \(summary)")
            for sentence in sentences where sentence.contains(multiple[locale] ?? "") {
                XCTAssertFalse(sentence.contains("%"), "\(locale): \(sentence)")
            }
        }
    }

    /// Temperatures said together name their scale once, whatever stands between them; statistics of
    /// money in 억 keep the leading group.
    func testScalesOnceAndRoundedStatisticsOfLargeMoney() throws {
        let temperatures = try described(DescribeCharts.nottingham())
        for (locale, scale) in [("ko", "화씨"), ("ja", "華氏")] {
            let d = try XCTUnwrap(temperatures[locale])
            let range = try XCTUnwrap(d.series[0].summary.components(separatedBy: locale == "ko" ? ". " : "。").first { $0.contains("31.3") })
            XCTAssertEqual(range.components(separatedBy: scale).count - 1, 1, "\(locale): \(range)")
            let center = try XCTUnwrap(d.statistics.first)
            XCTAssertEqual(center.components(separatedBy: scale).count - 1, 1, "\(locale): \(center)")
        }
        let gnp = try described(rising("GNP", unit: "USD", y: { 2.3429e11 + 1.3e10 * Double($0) + 123_456_789 }))
        for (locale, unit) in [("ko", "억 달러"), ("ja", "億ドル")] {
            let center = try XCTUnwrap(gnp[locale]?.statistics.first)
            XCTAssertTrue(center.contains(unit), "\(locale): \(center)")
            XCTAssertFalse(center.contains("만 달러") || center.contains("万ドル"), "\(locale): \(center)")
        }
    }

    /// English present-tense verbs agree with a plural-looking name.
    func testEnglishVerbsAgreeWithPluralNames() {
        XCTAssertEqual(EnglishText.agreeing("Passengers (thousands) rises and falls in a cycle of about 1 year.", subject: "passengers (thousands)"),
                       "Passengers (thousands) rise and fall in a cycle of about 1 year.")
        XCTAssertEqual(EnglishText.agreeing("Sales is missing 3 values.", subject: "Sales"), "Sales are missing 3 values.")
        XCTAssertEqual(EnglishText.agreeing("Sales follows a yearly cycle: its mean is highest in July.", subject: "Sales"),
                       "Sales follow a yearly cycle: their mean is highest in July.")
        XCTAssertEqual(EnglishText.agreeing("The United States has 3 outliers.", subject: "The United States"), "The United States has 3 outliers.")
        XCTAssertEqual(EnglishText.agreeing("DAX has 3 outliers.", subject: "DAX"), "DAX has 3 outliers.")
        XCTAssertEqual(EnglishText.agreeing("The population has 3 outliers.", subject: "the population"), "The population has 3 outliers.")
    }
}
