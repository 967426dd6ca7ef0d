@testable import Chart
import ChartpipeCore
import ChartpipeTestSupport
import ChartpipeText
import Describe
import Downsample
import Trend
import Foundation
import XCTest

/// Charts that stay readable (issue 32): golden SVGs for 1, 4, 12 and 20 series, a 365-day bar
/// chart and long CJK names, each at 720 and 320 CSS px (the default narrow width); legends that never eat the plot; small
/// multiples past the distinguishable count; bars folded into periods with missing ones marked.
/// The goldens are rendered and measured in Chromium by `ChartRenderTests` (EndToEndTests).
final class ReadableChartTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/golden")
    static let day = ChartTests.day, june1 = ChartTests.june1

    /// `count` series over 60 days, named by `name`.
    static func lines(_ count: Int, name: (Int) -> String = { "Series \($0 + 1)" }) throws -> ChartContext {
        let xs = (0..<60).map { june1 + Double($0) * day }
        var set = SeriesSet(xType: .time)
        for k in 0..<count {
            let y = xs.indices.map { 500 + 40 * Double(k) + 6 * Double($0) + Double(($0 * 37 + k * 11) % 23) * 5 }
            set.series.append(ChartTests.series(name(k), x: xs, y: y))
        }
        return try ChartTests.context(ChartTests.spec(title: "Daily departures per carrier", thresholds: []), set)
    }

    /// A year of daily bars with zeros and a missing fortnight, folded by `downsample`.
    static func yearOfBars() throws -> ChartContext {
        let xs = (0..<365).map { june1 + Double($0) * day }
        var y = xs.indices.map { 200 + 80 * sin(Double($0) / 58) + Double(($0 * 37) % 23) * 3 }
        for i in 119..<133 { y[i] = .nan }
        for i in 203..<210 { y[i] = 0 }
        let set = SeriesSet(xType: .time, series: [ChartTests.series("Visitors", x: xs, y: y)])
        var context = ChartContext(chart: ChartTests.spec(id: "visits", title: "Daily visitors", mark: .bar, yTitle: "Visitors", unit: nil,
                                                          seriesField: nil),
                                   run: RunInfo(locales: ChartTests.locales, pipelineDirectory: "/tmp", pipelineName: "test"), data: set)
        try Downsample().run(&context)
        try Trend().run(&context)
        try Describe().run(&context)
        return context
    }

    static let cjkNames = ["北京首都国际机场至上海浦东国际机场每日航班数量统计", "東京国際空港発大阪国際空港行き定期便の一日あたり運航数",
                           "인천국제공항에서 제주국제공항으로 가는 하루 항공편 수", "广州白云国际机场至深圳宝安国际机场每日航班数量统计"]

    static func cases() throws -> [(name: String, context: ChartContext, layout: ChartLayout, locales: [String])] {
        [
            ("series-1", try lines(1), .auto, ["en"]),
            ("series-4", try lines(4), .auto, ["en"]),
            ("series-12", try lines(12), .auto, ["en"]),
            ("series-20", try lines(20), .auto, ["en"]),
            ("bars-365", try yearOfBars(), .auto, ["en", "ja"]),
            ("cjk-names", try lines(4, name: { cjkNames[$0] }), .auto, ["zh-Hans", "ja", "ko"]),
            ("long-legend", try lines(14, name: { "Carrier \($0 + 1) operating regional flights under contract" }), .overlay, ["en"]),
        ]
    }

    func testGoldenCharts() throws {
        for c in try Self.cases() {
            // The default width, and the default narrow width (what a phone of 360–420 px shows unscaled).
            for width in [720, 320] {
                let svgs = try ChartTests.svgs(c.context, chart: try Chart(width: width, layout: c.layout))
                for locale in c.locales {
                    let svg = try XCTUnwrap(svgs[locale])
                    XCTAssertNotNil(ChartTests.Elements.parse(svg), "\(c.name) \(locale) is not well-formed")
                    try Golden.check(svg, Self.golden.appendingPathComponent("\(c.name).\(width).\(locale).svg"))
                }
            }
        }
    }

    /// Issue 29: fourteen 48-character names once left the plot a clip of height -10.
    func testALongLegendNeverEatsThePlot() throws {
        let context = try Self.lines(14, name: { "Carrier \($0 + 1) operating regional flights under contract" })
        for width in [720, 320] {
            let svg = try XCTUnwrap(try ChartTests.svgs(context, chart: try Chart(width: width, layout: .overlay))["en"])
            let root = try XCTUnwrap(ChartTests.Elements.parse(svg)?.elements.first?.attributes)
            let plot = (root["data-plot"] ?? "").split(separator: " ").compactMap { Double($0) }
            XCTAssertEqual(plot.count, 4)
            XCTAssertGreaterThanOrEqual(plot[3] - plot[1], ChartPicture.minimumPlotHeight, "width \(width)")
            XCTAssertGreaterThanOrEqual(plot[2] - plot[0], ChartPicture.minimumPlotWidth, "width \(width)")
            // Shortened names keep the full name as a tooltip.
            XCTAssertTrue(svg.contains("<title>Carrier 14 operating regional flights under contract</title>"))
            XCTAssertTrue(svg.contains("…</text>"))
        }
    }

    func testPastTheCountSmallMultiplesAreDrawnAndSaidSo() throws {
        let many = try Self.lines(SeriesStyle.distinctCount + 1)
        var context = many
        try Chart().run(&context)
        XCTAssertEqual(context[ChartLayoutsKey.self]?["ja"], "small-multiples")
        let svgs = try ChartTests.svgs(many)
        XCTAssertTrue(svgs["en"]?.contains("Small multiples: one panel for each of the 13 series, all on the same scale.</desc>") ?? false)
        XCTAssertTrue(svgs["ko"]?.contains("계열 13개를") ?? false)
        XCTAssertTrue(svgs["en"]?.contains("data-layout=\"small-multiples\"") ?? false)
        XCTAssertEqual(svgs["en"]?.components(separatedBy: "-plot\">").count, SeriesStyle.distinctCount + 2, "a clip per panel")
        // At the count, and when asked, one plot.
        let twelve = try ChartTests.svgs(try Self.lines(SeriesStyle.distinctCount))
        XCTAssertTrue(twelve["en"]?.contains("data-layout=\"overlay\"") ?? false)
        let asked = try ChartTests.svgs(many, chart: try Chart(layout: .overlay))
        XCTAssertFalse(asked["en"]?.contains("Small multiples") ?? true)
        let small = try ChartTests.svgs(try Self.lines(2), chart: try Chart(layout: .smallMultiples))
        XCTAssertTrue(small["zh-Hans"]?.contains("data-layout=\"small-multiples\"") ?? false)
    }

    func testBarsAreFoldedIntoPeriodsNotThinned() throws {
        let context = try Self.yearOfBars()
        let s = try XCTUnwrap(context.data.series.first)
        // 365 days from Monday 1 June 2026 are 53 ISO weeks, each a bar, missing ones included.
        XCTAssertEqual(s.count, 53)
        XCTAssertEqual(context[AggregationKey.self], Aggregation(op: "mean", bucket: .calendar("week"), partialLast: true))
        XCTAssertEqual(zip(s.x, s.x.dropFirst()).map { $1 - $0 }.allSatisfy { $0 == 7 * Self.day }, true)
        // Days 119–132 (two whole weeks from Monday 28 September) have no value; days 203–209 are zero.
        XCTAssertEqual(s.y.indices.filter { !s.y[$0].isFinite }, [17, 18])
        XCTAssertEqual(s.y[29], 0)
        let svgs = try ChartTests.svgs(context)
        XCTAssertTrue(svgs["en"]?.contains(">Visitors, weekly mean</text>") ?? false)
        XCTAssertTrue(svgs["ja"]?.contains("<title>データなし</title>") ?? false)
        XCTAssertEqual(svgs["en"]?.components(separatedBy: "class=\"nodata\"").count, 3)
        // The description names the fold as `aggregate`'s would be named.
        let description = try XCTUnwrap(context[DescriptionsKey.self]?["en"])
        let words = ([description.summary] + description.statistics).joined(separator: " ")
        XCTAssertTrue(words.contains("From the week of June 1, 2026 to the week of May 31, 2027 (partial)"), words)
        XCTAssertTrue(words.contains("Visitors are missing 2 values."), words)
    }

    /// Laid out for its width, not scaled: a second file at the narrow width, ids of its own.
    func testEveryChartIsAlsoLaidOutForAPhone() throws {
        var context = try Self.lines(4)
        try Chart().run(&context)
        let narrow = try XCTUnwrap(context.artifacts.first { $0.path == "chart.ko.narrow.svg" })
        XCTAssertEqual(narrow.kind, "chart-narrow")
        let svg = String(decoding: narrow.bytes, as: UTF8.self)
        XCTAssertTrue(svg.contains("width=\"320\""))
        XCTAssertTrue(svg.contains("id=\"chartpipe-sales-ko-narrow-title\""))
        var none = try Self.lines(1)
        try Chart(narrowWidth: 0).run(&none)
        XCTAssertFalse(none.artifacts.contains { $0.kind == "chart-narrow" })
        XCTAssertThrowsError(try Chart(narrowWidth: 200))
    }

    func testTextMetricsMeasureCJKFullWidth() {
        XCTAssertEqual(TextMetrics.width("航班数量", size: 12), 48)
        XCTAssertEqual(TextMetrics.width("한국어", size: 10), 30)
        XCTAssertLessThan(TextMetrics.width("iiii", size: 12), TextMetrics.width("MMMM", size: 12))
        XCTAssertEqual(TextMetrics.shortened("北京首都国际机场至上海", size: 10, maxWidth: 50), "北京首都…")
        XCTAssertEqual(TextMetrics.wrapped("Daily departures per carrier", size: 10, maxWidth: 100, maxLines: 3),
                       ["Daily departures", "per carrier"])
    }
}
