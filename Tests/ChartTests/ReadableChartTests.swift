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

    /// `count` series over 30 days (more than the 24 points past which lines carry about a dozen
    /// markers), named by `name`; each series is higher than the one before.
    static func lines(_ count: Int, mark: Mark = .line, name: (Int) -> String = { "Series \($0 + 1)" }) throws -> ChartContext {
        let xs = (0..<30).map { june1 + Double($0) * day }
        var set = SeriesSet(xType: .time)
        for k in 0..<count {
            let y = xs.indices.map { 500 + 40 * Double(k) + 6 * Double($0) + Double(($0 * 37 + k * 11) % 23) * 5 }
            set.series.append(ChartTests.series(name(k), x: xs, y: y))
        }
        return try ChartTests.context(ChartTests.spec(title: "Daily departures per carrier", mark: mark, thresholds: []), set)
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
            ("highlight-20", try lines(20), .highlight, ["en", "ja"]),
        ]
    }

    func testGoldenCharts() throws {
        for c in try Self.cases() {
            // The default width, and the default narrow width (what a phone of 360–420 px shows unscaled).
            for width in [720, 320] {
                let svgs = try ChartTests.svgs(c.context, chart: try Chart(["width": width.optionValue, "layout": c.layout.optionValue]))
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
            let svg = try XCTUnwrap(try ChartTests.svgs(context, chart: try Chart(["width": width.optionValue, "layout": "overlay"]))["en"])
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
        let asked = try ChartTests.svgs(many, chart: try Chart(["layout": "overlay"]))
        XCTAssertFalse(asked["en"]?.contains("Small multiples") ?? true)
        let small = try ChartTests.svgs(try Self.lines(2), chart: try Chart(["layout": "small-multiples"]))
        XCTAssertTrue(small["zh-Hans"]?.contains("data-layout=\"small-multiples\"") ?? false)
    }

    /// The highlight layout (issue 32's other way past the count): the four series of the highest
    /// mean in their own styles, the most important first; the others thin and grey under them,
    /// without markers, and named in a note below the plot and in `<desc>`. One plot: the report's
    /// focus marker keeps its `data-plot`.
    func testTheHighlightDrawsTheLargestSeriesInFullAndListsTheRest() throws {
        let context = try Self.lines(20)
        XCTAssertEqual(ChartLayout.highlighted(context.data), [19, 18, 17, 16])
        var drawn = context
        try Chart(["layout": "highlight"]).run(&drawn)
        XCTAssertEqual(drawn[ChartLayoutsKey.self]?["ko"], "highlight")
        let svgs = try ChartTests.svgs(context, chart: try Chart(["layout": "highlight"]))
        let en = try XCTUnwrap(svgs["en"])
        let parsed = try XCTUnwrap(ChartTests.Elements.parse(en))
        let root = try XCTUnwrap(parsed.elements.first?.attributes)
        XCTAssertEqual(root["data-layout"], "highlight")
        XCTAssertEqual(root["data-plot"]?.split(separator: " ").count, 4)
        let quiet = (1...16).map { "Series \($0)" }
        let note = "Highlighted: the 4 series with the highest mean. The other 16, drawn faintly behind them: \(quiet.dropLast().joined(separator: ", ")), and Series 16."
        XCTAssertEqual(parsed.texts["chartpipe-sales-en-desc"]?.hasSuffix(" " + note), true, parsed.texts["chartpipe-sales-en-desc"] ?? "")
        // The note is drawn too, wrapped at spaces: its lines joined are the note.
        XCTAssertTrue(Self.texts(en).joined(separator: " ").contains(note), Self.texts(en).joined(separator: "|"))
        // Sixteen grey lines of 1 px, drawn before (under) the four in full; four styles, no more.
        let paths = parsed.elements.filter { $0.name == "path" }
        XCTAssertEqual(paths.filter { $0.attributes["class"] == "quiet" }.map { $0.attributes["stroke-width"] }, Array(repeating: "1", count: 16))
        XCTAssertEqual(Set(paths.compactMap { $0.attributes["class"] }.filter { $0.hasPrefix("c") }), ["c0", "c1", "c2", "c3"])
        let firstFull = try XCTUnwrap(paths.firstIndex { $0.attributes["class"] == "c3" })
        XCTAssertEqual(paths.lastIndex { $0.attributes["class"] == "quiet" }.map { $0 < firstFull }, true)
        XCTAssertFalse(en.contains(".c4{"))
        // The largest series is named with the first style (a direct label: its name in f0).
        XCTAssertTrue(en.contains("class=\"f0\" x=") && en.contains(">Series 20</text>"))
        XCTAssertFalse(en.contains(">Series 16</text>"), "a quiet series has no label of its own")
        // Every locale's note, Chinese with full-width punctuation and its enumeration comma.
        XCTAssertTrue(svgs["zh-Hans"]?.contains("突出显示：平均值最高的4个系列。其余16个系列淡化绘于背景：Series 1、Series 2、") ?? false)
        XCTAssertTrue(svgs["ko"]?.contains("강조 표시: 평균이 가장 높은 계열 4개. 배경에 흐리게 그린 나머지 16개: Series 1, ") ?? false)
        // Bars: grey bars for the quiet series, in their places of the group.
        let bars = try XCTUnwrap(try ChartTests.svgs(try Self.lines(6, mark: .bar), chart: try Chart(["layout": "highlight"]))["en"])
        XCTAssertEqual(bars.components(separatedBy: "<rect class=\"quietfill quiet\"").count - 1, 2 * 30)
        XCTAssertTrue(bars.contains("The other 2, drawn faintly behind them: Series 1 and Series 2."))
        // As many series as are highlighted: nothing is quiet and no note is written.
        let four = try XCTUnwrap(try ChartTests.svgs(try Self.lines(4), chart: try Chart(["layout": "highlight"]))["en"])
        XCTAssertFalse(four.contains("Highlighted"))
        XCTAssertFalse(four.contains("quiet"))
    }

    /// Bars over a number x (issue 32): ticks never finer than the bars, so that no tick names an x
    /// that no bar stands for ("1.5" between the bars of 1 and 2 rooms); then at the bars' own x.
    func testBarsOverNumbersAreTickedAtTheirOwnValues() throws {
        let cases: [(xs: [Double], width: Int, ticks: [String])] = [
            ([1, 2, 3, 4], 720, ["1", "2", "3", "4"]), ([0.1, 0.2, 0.3], 720, ["0.1", "0.2", "0.3"]),
            ([1, 2], 720, ["1", "2"]), ([1, 2, 3], 1280, ["1", "2", "3"]), ([2021, 2022, 2023], 720, ["2021", "2022", "2023"]),
            (Array(stride(from: 1.0, through: 9, by: 1)), 320, ["2", "4", "6", "8"]),
            // Bins of 10 (an aggregate's): round ticks of 20 are coarser than the bars and stay.
            (Array(stride(from: 0.0, through: 90, by: 10)), 720, ["0", "20", "40", "60", "80"]),
        ]
        for c in cases {
            let set = SeriesSet(xType: .number, series: [ChartTests.series("Homes", x: c.xs, y: c.xs.map { 10 + $0 * 3 })])
            let spec = ChartTests.spec(id: "rooms", title: "Homes by rooms", mark: .bar, xType: .number, yTitle: "Homes", unit: nil,
                                       seriesField: nil)
            let svg = try XCTUnwrap(try ChartTests.svgs(try ChartTests.context(spec, set), chart: try Chart(["width": c.width.optionValue]))["en"])
            let xTicks = svg.split(separator: "\n").filter { $0.contains("<text class=\"muted\"") && $0.contains("text-anchor=\"middle\"") }
            XCTAssertEqual(Self.texts(xTicks.joined(separator: "\n")), c.ticks, "\(c.xs) at \(c.width)")
        }
    }

    /// Bins of a number x (`aggregate` with a numeric `every`): a bar stands for [x, x + every), so it
    /// is drawn from its bin's start to its end, a tick at 0 at the first bar's left edge, not its
    /// middle; the root's x domain still puts each x (a bin's start) on its bar's middle.
    func testBinsOfANumberAreBarsFromEdgeToEdge() throws {
        let xs = Array(stride(from: 0.0, through: 90, by: 10))
        let set = SeriesSet(xType: .number, series: [ChartTests.series("Visits", x: xs, y: xs.map { 100 + $0 })])
        var context = try ChartTests.context(ChartTests.spec(id: "ages", title: "Visits by age", mark: .bar, xType: .number, yTitle: "Visits",
                                                             unit: nil, seriesField: nil), set)
        context[AggregationKey.self] = Aggregation(op: "sum", bucket: .width(10))
        let svg = try XCTUnwrap(try ChartTests.svgs(context)["en"])
        let parsed = try XCTUnwrap(ChartTests.Elements.parse(svg))
        func numbers(_ text: String?) -> [Double] { (text ?? "").split(separator: " ").compactMap { Double($0) } }
        let root = try XCTUnwrap(parsed.elements.first?.attributes)
        let plot = numbers(root["data-plot"]), domain = numbers(root["data-x-domain"])
        let bars = parsed.elements.filter { $0.name == "rect" && $0.attributes["stroke-width"] == "1" && $0.attributes["class"] != "nodata" }
        XCTAssertEqual(bars.count, 10)
        let band = (plot[2] - plot[0]) / 10
        for (i, bar) in bars.enumerated() {
            let left = Double(bar.attributes["x"] ?? "") ?? 0, width = Double(bar.attributes["width"] ?? "") ?? 0
            XCTAssertEqual(left + width / 2, plot[0] + (Double(i) + 0.5) * band, accuracy: 0.2, "bar \(i) is in the middle of its bin")
            // Where the report's marker puts x (the bin's start): the bar's middle.
            XCTAssertEqual(plot[0] + (xs[i] - domain[0]) / (domain[1] - domain[0]) * (plot[2] - plot[0]), left + width / 2, accuracy: 0.2)
        }
        let zero = try XCTUnwrap(svg.split(separator: "\n").first { $0.hasSuffix(">0</text>") && $0.contains("text-anchor=\"middle\"") })
        XCTAssertTrue(zero.contains("x=\"\(SVGWriter.number(plot[0]))\""), "the tick of 0 at the first bin's left edge: \(zero)")
        let hundred = svg.split(separator: "\n").first { $0.hasSuffix(">100</text>") && $0.contains("text-anchor=\"middle\"") }
        XCTAssertTrue(hundred?.contains("x=\"\(SVGWriter.number(plot[2]))\"") ?? false, "and 100 at the last one's right edge")
    }

    /// The text contents of an SVG's `<text>` elements, in order.
    static func texts(_ svg: String) -> [String] {
        svg.components(separatedBy: "</text>").dropLast().compactMap { $0.components(separatedBy: ">").last }
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
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
        try Chart(["narrow-width": 0]).run(&none)
        XCTAssertFalse(none.artifacts.contains { $0.kind == "chart-narrow" })
        XCTAssertThrowsError(try Chart(["narrow-width": 200]))
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
