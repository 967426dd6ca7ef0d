import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
@testable import Describe
import Foundation
import XCTest

/// Claims that hold on real data (issue 31): each test states what a sentence may conclude, in
/// every shipped locale.
final class ClaimTests: XCTestCase {
    private func described(_ context: ChartContext) throws -> ChartContext {
        var context = context
        try Describe(["points": "none"]).run(&context)
        return context
    }

    private func description(_ context: ChartContext, _ locale: String) throws -> ChartDescription {
        try XCTUnwrap(context[DescriptionsKey.self]?[locale])
    }

    private func chart(_ y: [Double], thresholds: [(name: String, value: Double)] = [], unit: String? = nil) throws -> ChartContext {
        let spec = DescribeCharts.spec(id: "claims", title: "Delays", yTitle: "Delay", unit: unit, thresholds: thresholds)
        return try described(DescribeCharts.context(spec, SeriesSet(xType: .time, series: [
            DescribeCharts.series("Delay", x: DescribeCharts.days(y.count), y: y),
        ])))
    }

    /// A significant fall that ends higher than it began says both plainly: the SVG's `<desc>`
    /// said "had a significant decreasing trend while going from 231.56 to 238.41".
    func testASignificantFallThatEndsHigherSaysBoth() throws {
        var y = (0..<40).map { 300 - 2.5 * Double($0) }
        y[39] = 310
        let context = try chart(y)
        let words = ["en": "had a significant decreasing trend, yet it ended higher than it began, going from 300 to 310",
                     "ko": "유의미한 감소 추세가 있었지만, 값은 300에서 310으로 처음보다 높게 끝났습니다",
                     "zh-Hans": "但最终值高于初始值，从300变为310",
                     "ja": "最後の値は最初の値より高く、300から310になりました"]
        for (locale, said) in words {
            let summary = try description(context, locale).summary
            XCTAssertTrue(summary.contains(said), "\(locale): \(summary)")
        }
        // And the other way round.
        var z = (0..<40).map { 100 + 2.5 * Double($0) }
        z[39] = 90
        XCTAssertTrue(try description(chart(z), "en").summary.contains("had a significant increasing trend, yet it ended lower than it began"))
    }

    /// Crossings are counted as episodes: one day above 60 is one rise above, not two crossings.
    func testThresholdCrossingsAreCountedAsEpisodes() throws {
        var y = [Double](repeating: 20, count: 30)
        y[7] = 75
        let once = try chart(y, thresholds: [("one hour", 60)])
        let en = try description(once, "en").statistics
        XCTAssertTrue(en.contains("The delay rose above the one hour threshold (60) once, on June 8."), "\(en)")
        XCTAssertFalse(en.joined().contains("crossed"), "\(en)")
        let ko = try description(once, "ko").statistics, zh = try description(once, "zh-Hans").statistics
        XCTAssertTrue(ko.contains("Delay는 6월 8일에 한 번만 one hour(60) 기준선을 넘어섰습니다."), "\(ko)")
        // A count's threshold in Chinese: a line named in quotes, without a counter (values take none).
        XCTAssertTrue(zh.contains("Delay于6月8日增至“one hour”线（60）以上，仅此一次。"), "\(zh)")
        XCTAssertTrue(try description(once, "ja").statistics.contains("Delayは6月8日に、one hour（60）の基準線を一度だけ上回りました。"))
        // A series that starts above and dips twice fell below twice (four crossings).
        var high = [Double](repeating: 80, count: 30)
        high[3] = 10
        high[20] = 10
        let twice = try description(chart(high, thresholds: [("one hour", 60)]), "en").statistics
        XCTAssertTrue(twice.contains("The delay fell below the one hour threshold (60) 2 times, first on June 4."), "\(twice)")
    }

    /// A lowest value that many points hold says how many, and where first.
    func testTiedExtremesSayHowManyHoldThem() throws {
        let y: [Double] = [5, 1, 7, 1, 9, 4, 1, 8, 6, 3, 9, 2]
        let context = try chart(y)
        let en = try description(context, "en").statistics
        XCTAssertTrue(en.contains("The lowest value of the delay, 1, occurred 3 times, first on June 2."), "\(en)")
        XCTAssertTrue(en.contains("The highest value of the delay, 9, occurred 2 times, first on June 5."), "\(en)")
        let ko = try description(context, "ko").statistics
        XCTAssertTrue(ko.contains("Delay의 최솟값 1은 6월 2일에 처음 나타난 뒤 모두 3회 나타났습니다."), "\(ko)")
        let zh = try description(context, "zh-Hans").statistics, ja = try description(context, "ja").statistics
        XCTAssertTrue(zh.contains("Delay的最低值1共出现3次，首次出现于6月2日。"), "\(zh)")
        XCTAssertTrue(ja.contains("Delayの最小値1は6月2日に初めて現れ、計3回現れました。"), "\(ja)")
        // A value held once says nothing more.
        let distinct = try description(chart([5, 1, 7, 2, 9, 4]), "en").statistics
        XCTAssertFalse(distinct.joined().contains("occurred"), "\(distinct)")
    }

    /// Of many series, the summary's lowest value says how many points hold it across the series:
    /// "The lowest 1 (AS, November 6)" was one of 40 tied days.
    func testManySeriesSayHowManyHoldTheLowestValue() throws {
        let x = DescribeCharts.days(10)
        let series = (0..<9).map { k in
            DescribeCharts.series("C\(k)", x: x, y: x.indices.map { i in k < 3 && i % 4 == 1 ? 1 : Double(10 + k + (i * 7 + k) % 5) })
        }
        let context = try described(DescribeCharts.context(DescribeCharts.spec(id: "carriers", title: "Carriers", yTitle: "Delay"),
                                                           SeriesSet(xType: .time, series: series)))
        let words = ["en": "The lowest value, 1, occurred 9 times across the series.", "ko": "최솟값 1은 모든 계열을 통틀어 9회 나타났습니다.",
                     "zh-Hans": "最低值1在各系列中共出现9次。", "ja": "最小値1は全系列で計9回現れました。"]
        for (locale, said) in words {
            let summary = try description(context, locale).summary
            XCTAssertTrue(summary.contains(said), "\(locale): \(summary)")
        }
        // C8 reaches 22 on two days.
        XCTAssertTrue(try description(context, "en").summary.contains("The highest value, 22, occurred 2 times across the series."))
    }

    /// Statistics of aggregated values say what they are of: the median of weekly means is not the median day.
    func testStatisticsOfAggregatedValuesSayWhatTheyAreOf() throws {
        let weekly = try described(DescribeCharts.weeklyTemperature())
        let words = ["en": "Of the weekly means of the high temperature, the mean is", "ko": "주간 평균 값의 평균은",
                     "zh-Hans": "的每周平均值的平均值为", "ja": "の週平均の平均値は"]
        for (locale, said) in words {
            let statistics = try description(weekly, locale).statistics
            XCTAssertTrue(statistics.contains { $0.contains(said) }, "\(locale): \(statistics)")
        }
        // Values not aggregated keep the plain sentence.
        XCTAssertTrue(try description(chart([5, 1, 7, 2, 9, 4]), "en").statistics.contains { $0.hasPrefix("The delay: the mean is") })
    }

    /// An axis whose values name hours names their zone; a daily one does not.
    func testHoursNameTheirZone() throws {
        let hourly = try described(DescribeCharts.fallingHourly())
        for locale in DescribeCharts.locales {
            let axis = try description(hourly, locale).axes[0].text
            XCTAssertTrue(axis.contains("Asia/Seoul"), "\(locale): \(axis)")
        }
        XCTAssertEqual(try description(hourly, "en").axes[0].text,
                       "The x axis shows the time from June 1 at 3:00\u{202F}PM to June 2 at 2:00\u{202F}PM (times in Asia/Seoul).")
        XCTAssertFalse(try description(chart([5, 1, 7, 2]), "en").axes[0].text.contains("UTC"))
    }
}
