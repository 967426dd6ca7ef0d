import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
@testable import Describe
import Foundation
import XCTest
import ChartpipeTestSupport

/// A chart of few drawn points has its labels made once, when it is described; a large one has
/// them made when each file reads them (issue 12). Either way they are the same labels, and a
/// translation that does not render for some point is warned of before any file is written.
final class PointLabelTests: XCTestCase {
    /// Four series with a gap, downsampled (drawn points are not the full series): the labels made
    /// at once and those made when read are the same, in every locale and point selection.
    func testLabelsMadeAtOnceAreTheLabelsMadeWhenRead() throws {
        let sales = try DescribeCharts.dailySales(points: nil)
        var set = sales.data
        set.series[1].y[7] = .nan
        let context = try DescribeCharts.context(sales.chart, set, points: 40)
        XCTAssertLessThan(context.data.series[0].count, context.fullSeries.series[0].count)
        let catalog = Catalog.embedded
        let facts = ChartDescriber.Facts(context, trend: try XCTUnwrap(context[TrendKey.self]))
        for locale in ["en", "ko", "zh-Hans"] {
            let language = catalog.writtenLanguage(for: locale)
            for selection in [PointSelection.all, .auto, .notable, .none] {
                let describer = ChartDescriber(context: context, trend: try XCTUnwrap(context[TrendKey.self]), language: language,
                                               catalog: catalog, facts: facts)
                let (atOnce, made) = try describer.describe(points: selection, labelsAtOnce: .max)
                let (whenRead, lazy) = try describer.describe(points: selection, labelsAtOnce: 0)
                XCTAssertEqual(made, lazy, "\(locale) \(selection)")
                XCTAssertEqual(atOnce, whenRead, "\(locale) \(selection)")
                XCTAssertEqual(made.counts, context.data.series.map(\.count))
                XCTAssertGreaterThan(made.flatMap { $0 }.count, 100)
            }
        }
    }

    /// `auto` lists every point of a chart of few points, and the notable points of one of more
    /// than 10,000 drawn points (its description would be megabytes of labels); `axchart` and the
    /// labels of later stages keep every drawn point.
    func testAutoListsTheNotablePointsOfALargeChart() throws {
        for (n, listsAll) in [(10_000, true), (10_001, false)] {
            let y: [Double] = (0..<n).map { i -> Double in
                let wave: Double = 20 * sin(Double(i) / 300)
                return 100 + wave + Double(i % 7)
            }
            let chart = DescribeCharts.spec(id: "large", title: "Large", yTitle: "Level")
            let set = SeriesSet(xType: .time, series: [DescribeCharts.series("level", x: DescribeCharts.days(n), y: y)])
            var context = try DescribeCharts.context(chart, set, locales: ["en"])
            try Describe().run(&context)
            let listed = try XCTUnwrap(context[DescriptionsKey.self]?["en"]?.series.first?.points)
            if listsAll { XCTAssertEqual(listed.count, n) } else { XCTAssertLessThan(listed.count, n / 10) }
            XCTAssertGreaterThan(listed.count, 2)
            XCTAssertEqual(context[PointLabelsKey.self]?["en"]?.first?.count, n)
        }
    }

    /// A pipeline's catalog breaks English's label of a noted point for the first point only
    /// (plural `one` of its position; the first point is the lowest): the warning comes though no
    /// label is made before the files are written.
    func testABrokenLabelIsWarnedOfBeforeAnyIsMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("point-labels-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.xcstrings").path
        let variant = { (value: String) in ["stringUnit": ["state": "translated", "value": value]] }
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": [
            "describe.point.noted": ["localizations": ["en": ["variations": ["plural": [
                "one": variant("%1$@, %2$@, %3$@, first of %5$lld %9$@"), "other": variant("%1$@, %2$@, %3$@, %4$lld of %5$lld"),
            ]]]]],
        ]]
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
        var rising = try DescribeCharts.rising()
        try Describe().run(&rising)
        XCTAssertTrue(try XCTUnwrap(rising[PointLabelsKey.self]?["en"]?[0].first).contains("lowest"))
        let problem = "key 'describe.point.noted' [en]: [en] '%9$@' reads argument 9 but 5 were given"
        for labelsAtOnce in [0, Int.max] {
            let context = try DescribeCharts.context(rising.chart, rising.data, locales: ["en"], strings: [path])
            let loaded = try Catalog.forRun(paths: [path])
            let describer = ChartDescriber(context: context, trend: try XCTUnwrap(context[TrendKey.self]),
                                           language: loaded.writtenLanguage(for: "en"), catalog: loaded)
            _ = try describer.describe(points: .none, labelsAtOnce: labelsAtOnce)
            XCTAssertEqual(describer.problems, [problem], "labels made at once: \(labelsAtOnce)")
        }
        var context = try DescribeCharts.context(rising.chart, rising.data, locales: ["en"], strings: [path])
        try Describe(["points": "none"]).run(&context)
        XCTAssertEqual(context.warnings.filter { $0.code == "describe.catalog" }.map(\.message), [problem])
    }

    /// `axchart` of a chart of many points is written a wave of blocks at a time, on the
    /// processors the run has idle: its bytes are those written on one thread, in every locale,
    /// with a gap, a time and a numeric x, and the processors are given back.
    /// Three waves of sixteen blocks, the last short: each wave is joined and written while the
    /// next is made, on the other processor; the bytes are those of one processor.
    func testAxchartWavesWrittenWhileTheNextAreMadeAreTheSameAsOnOne() throws {
        let n = 2 * 16 * 4_096 + 5_000
        let y = (0..<n).map { i -> Double in
            let wave: Double = 20 * sin(Double(i) / 700)
            return 100 + wave + Double(i % 13)
        }
        let chart = DescribeCharts.spec(id: "waves", title: "Waves", xType: .number, xTitle: "Step", yTitle: "Level")
        var context = try DescribeCharts.context(chart, SeriesSet(xType: .number, series: [
            DescribeCharts.series("level", x: (0..<n).map(Double.init), y: y)]), locales: ["en"])
        try Describe(["points": "none"]).run(&context)
        let artifact = try XCTUnwrap(context.artifacts.first { $0.path == "axchart.en.json" })
        let alone = artifact.bytes
        let budget = WorkerBudget(idle: 1)
        let split = WorkerBudget.$current.withValue(budget) { artifact.bytes }
        XCTAssertEqual(split, alone)
        XCTAssertGreaterThan(budget.lentCount, 2, "a processor was lent to each wave")
        XCTAssertEqual(budget.idleCount, 1)
        let points = try JSONParser.parse(alone)["series"]?.arrayValue?.first?["dataPoints"]?.arrayValue
        XCTAssertEqual(points?.count, n)
        XCTAssertEqual(points?.last?["x"]?.doubleValue, Double(n - 1))
    }

    func testAxchartWrittenOnTwoProcessorsIsTheSameAsOnOne() throws {
        // Nine blocks of 4,096 points: one wave.
        let n = 36_000
        for xType in [XType.time, .number] {
            var y: [Double] = (0..<n).map { i -> Double in
                let wave: Double = 20 * sin(Double(i) / 500)
                return 100 + wave + Double(i % 11)
            }
            y[20_000] = .nan
            let x = xType == .time ? DescribeCharts.days(n) : (0..<n).map { Double($0) / 4 }
            let chart = DescribeCharts.spec(id: "many", title: "Many", yTitle: "Level")
            let set = SeriesSet(xType: xType, series: [DescribeCharts.series("level", x: x, y: y),
                                                       DescribeCharts.series("other", x: x, y: y.map { $0 * 2 })])
            let locales = ["en", "ko"]
            var context = try DescribeCharts.context(chart, set, locales: locales)
            try Describe(["points": "none"]).run(&context)
            func axcharts(_ budget: WorkerBudget?) throws -> [String: [UInt8]] {
                // A file's bytes are written when they are read, as the runner reads them.
                WorkerBudget.$current.withValue(budget) {
                    Dictionary(uniqueKeysWithValues: context.artifacts.filter { $0.path.hasPrefix("axchart.") }.map { ($0.path, $0.bytes) })
                }
            }
            let alone = try axcharts(nil)
            let budget = WorkerBudget(idle: 1)
            let split = try axcharts(budget)
            XCTAssertEqual(alone.keys.sorted(), locales.map { "axchart.\($0).json" })
            XCTAssertEqual(split, alone, "\(xType)")
            XCTAssertEqual(budget.idleCount, 1)
            XCTAssertGreaterThan(budget.lentCount, 0)
            let points = try JSONParser.parse(try XCTUnwrap(alone["axchart.en.json"]))["series"]?.arrayValue?.map { $0["dataPoints"]?.arrayValue?.count }
            XCTAssertEqual(points, [n, n])
        }
    }
}
