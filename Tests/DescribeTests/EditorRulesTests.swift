import ChartpipeCore
import ChartpipeText
@testable import Describe
import Foundation
import XCTest
import ChartpipeTestSupport

/// Rules a native editor asked for (issue 30), in every shipped locale: no clause for a count of
/// zero, rates in the data's own period.
final class EditorRulesTests: XCTestCase {
    private func described(_ context: ChartContext) throws -> [String: ChartDescription] {
        var context = context
        try Describe(["points": "none"]).run(&context)
        return try XCTUnwrap(context[DescriptionsKey.self])
    }

    /// `count` series that all rise steadily (or fall, or stay flat), `n` points each, daily.
    private func many(_ count: Int, slope: (Int) -> Double) throws -> ChartContext {
        var noise = DescribeCharts.Noise(seed: 7)
        let series = (0..<count).map { k in
            DescribeCharts.series("Store \(k + 1)", x: DescribeCharts.days(40),
                                  y: (0..<40).map { 100 + slope(k) * Double($0) + noise.gauss(0.5) })
        }
        return try DescribeCharts.context(DescribeCharts.spec(id: "stores", title: "Sales by store", yTitle: "Sales", unit: "USD",
                                                              seriesField: "store"),
                                          SeriesSet(xType: .time, series: series))
    }

    func testNoClauseSaysACountOfZero() throws {
        // Ten series whose slopes give each count of rising, falling and flat series, and the clause each locale writes.
        let cases: [(slope: (Int) -> Double, sentences: [String: String])] = [
            ({ _ in 2 }, ["en": "All 10 rose.", "ko": "10개 계열 모두 상승했습니다.", "zh-Hans": "全部10个系列均上涨。",
                          "ja": "10系列すべてが上昇しました。"]),
            ({ k in k < 6 ? 2 : -2 }, ["en": "Of these, 6 rose and 4 fell.", "ko": "이 가운데 6개는 상승, 4개는 하락했습니다.",
                                        "zh-Hans": "其中6个上涨，4个下跌。", "ja": "そのうち6系列が上昇し、4系列が下落しました。"]),
            ({ k in k < 3 ? -2 : 0 }, ["en": "Of these, 3 fell and 7 showed no significant trend.",
                                        "ko": "이 가운데 3개는 하락했고, 7개에는 유의미한 추세가 없었습니다.",
                                        "zh-Hans": "其中3个下跌，7个无显著趋势。", "ja": "そのうち3系列が下落し、7系列には有意な傾向が見られませんでした。"]),
        ]
        for (slope, sentences) in cases {
            let descriptions = try described(many(10, slope: slope))
            for (locale, sentence) in sentences {
                let summary = try XCTUnwrap(descriptions[locale]).summary
                XCTAssertTrue(summary.contains(sentence), "\(locale): \(summary)")
                XCTAssertNil(summary.range(of: "(^|[^0-9])0( |개|个|系列)", options: .regularExpression), "\(locale): \(summary)")
            }
        }
    }

    /// Sen's slope is said per quarter of quarterly data and per second of data under a second apart.
    func testRatesAreInTheDatasOwnPeriod() throws {
        let day = DescribeCharts.day
        let quarters = (0..<24).map { q in Double(TimeText.days(year: 2000 + q / 4, month: 3 * (q % 4) + 1, day: 1)) * day }
        let start = DescribeCharts.june1 + 9 * 3_600_000
        let tenths = (0..<60).map { start + Double($0) * 100 }
        var noise = DescribeCharts.Noise(seed: 3)
        // Quarterly output rising 3.3 a quarter, and a sensor rising 0.5 a tenth of a second.
        let cases: [(spec: ChartSpec, series: String, x: [Double], y: (Int) -> Double, noise: Double, words: [String: String])] = [
            (DescribeCharts.spec(id: "q", title: "Quarterly output", yTitle: "Output"), "output", quarters, { 50 + 3.3 * Double($0) }, 1,
             ["en": "per quarter", "ko": "분기당", "zh-Hans": "每季度", "ja": "1四半期あたり"]),
            (DescribeCharts.spec(id: "s", title: "Sensor", xTitle: "Time", yTitle: "Pressure"), "p", tenths, { 10 + 0.5 * Double($0) }, 0.2,
             ["en": "per second", "ko": "초당", "zh-Hans": "每秒", "ja": "1秒あたり"]),
        ]
        var fast: [String: ChartDescription] = [:]
        for c in cases {
            let series = DescribeCharts.series(c.series, x: c.x, y: c.x.indices.map { c.y($0) + noise.gauss(c.noise) })
            let descriptions = try described(DescribeCharts.context(c.spec, SeriesSet(xType: .time, series: [series])))
            for (locale, words) in c.words {
                let statistics = try XCTUnwrap(descriptions[locale]).statistics.joined(separator: " ")
                XCTAssertTrue(statistics.contains(words), "\(locale): \(statistics)")
                XCTAssertFalse(statistics.contains("per day") || statistics.contains("하루") || statistics.contains("每天"), "\(locale): \(statistics)")
            }
            fast = descriptions
        }
        // 0.5 a tenth of a second is 5 a second.
        let english = try XCTUnwrap(fast["en"]).statistics.joined()
        XCTAssertTrue(english.contains("by a median of 5"), english)
    }
}
