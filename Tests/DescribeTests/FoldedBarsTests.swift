import ChartpipeCore
import ChartpipeTestSupport
@testable import Describe
import Downsample
import Foundation
import XCTest

/// Issue 32 (review claims 1 and 2): 84 quarterly bars of Johnson & Johnson's earnings folded by
/// `downsample` into 21 yearly means are said to be yearly means, and 1980, which holds all four
/// quarters, is not "partial".
final class FoldedBarsTests: XCTestCase {
    static func earnings() throws -> ChartContext {
        try DescribeCharts.context(
            DescribeCharts.spec(id: "jj-earnings", title: "Johnson & Johnson quarterly earnings per share", mark: .bar,
                                xTitle: "Quarter", yTitle: "Earnings per share", unit: "USD"),
            SeriesSet(xType: .time, series: [try DescribeCharts.column("jj-quarterly.csv", "eps")]), points: 60)
    }

    func testTheSummarySaysWhatAFoldedBarIsInEveryLocale() throws {
        var context = try Self.earnings()
        XCTAssertEqual(context.data.series[0].count, 21)
        try Describe(["points": "none"]).run(&context)
        XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }, [])
        let expected = ["en": "Each bar is the mean of 4 quarters in a year.", "ko": "각 막대는 한 해에 속한 4개 분기의 평균입니다.",
                        "zh-Hans": "每根柱为一年中4个季度的平均值。", "ja": "各棒は1年の4四半期の平均です。"]
        let folder = GoldenTests.goldens.appendingPathComponent("jj-earnings-folded")
        for locale in DescribeCharts.locales {
            let description = try XCTUnwrap(context[DescriptionsKey.self]?[locale])
            XCTAssertTrue(description.summary.hasSuffix(try XCTUnwrap(expected[locale])), "\(locale): \(description.summary)")
            let text = ([description.summary, ""] + description.axes.map(\.text)).joined(separator: "\n") + "\n"
            try Golden.check(text, folder.appendingPathComponent("summary.\(locale).txt"), name: "jj-earnings-folded/summary.\(locale).txt")
        }
    }
}
