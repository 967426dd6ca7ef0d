import ChartpipeCore
import ChartpipeText
@testable import Describe
import Foundation
import XCTest
import ChartpipeJSON
import ChartpipeTestSupport
import Sonify

/// Every file `describe` writes for the golden charts, in every shipped locale, byte for byte.
/// Re-record with CHARTPIPE_RECORD=1 and read every changed line before committing.
final class GoldenTests: XCTestCase {
    static let goldens = DescribeCharts.fixtures.appendingPathComponent("golden")

    func testGoldenFiles() throws {
        for (var context, points) in try DescribeCharts.golden() {
            try Describe(["points": points.optionValue]).run(&context)
            XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }, [], context.chart.id)
            let folder = Self.goldens.appendingPathComponent(context.chart.id)
            let artifacts = context.artifacts.filter { $0.kind == "description" || $0.kind == "axchart" }
            XCTAssertEqual(artifacts.count, 3 * DescribeCharts.locales.count, context.chart.id)
            for artifact in artifacts {
                try Golden.check(artifact.bytes, folder.appendingPathComponent(artifact.path), name: "\(context.chart.id)/\(artifact.path)")
            }
        }
    }

    /// The audio cues of a chart of several series name the series of each point ("South: June 1,
    /// $1,022"), in every locale: the captions a listener reads while the audio graph plays.
    func testCuesOfSeveralSeriesNameTheirSeries() throws {
        var context = try DescribeCharts.texasHousing()
        try Describe(["points": "notable"]).run(&context)
        try Sonify(["formats": []]).run(&context)
        let folder = Self.goldens.appendingPathComponent(context.chart.id)
        for locale in DescribeCharts.locales {
            let cues = try XCTUnwrap(context.artifacts.first { $0.path == "audio.\(locale).vtt" }, locale)
            let text = String(decoding: cues.bytes, as: UTF8.self)
            // Every cue starts with its series' name.
            let names = try XCTUnwrap(context[DescriptionsKey.self]?[locale]?.series.map(\.name))
            for block in text.components(separatedBy: "\n\n").dropFirst() where !block.isEmpty {
                let line = block.split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
                XCTAssertTrue(names.contains { line.hasPrefix($0) }, "\(locale): \(line)")
            }
            try Golden.check(cues.bytes, folder.appendingPathComponent(cues.path), name: "texas-housing/\(cues.path)")
        }
    }

    /// A chart of 200 series: its summary and statistics, in every locale, against golden files
    /// (the whole description would be 200 sections of goldens nobody reads).
    func testManySeriesSummaryAndStatistics() throws {
        var context = try DescribeCharts.manySeries()
        try Describe(["points": "none"]).run(&context)
        let folder = Self.goldens.appendingPathComponent("many-stores")
        for locale in DescribeCharts.locales {
            let description = try XCTUnwrap(context[DescriptionsKey.self]?[locale])
            let text = ([description.summary, ""] + description.statistics + [""]
                + description.navigation.map { "\($0.title): \($0.entries.count)" }).joined(separator: "\n") + "\n"
            try Golden.check(text, folder.appendingPathComponent("summary.\(locale).txt"), name: "many-stores/summary.\(locale).txt")
        }
    }

    /// By default a chart of many series labels its notable points, not every one: 200 series
    /// wrote 2.3 MB of description.en.json with every point; a few series still get all.
    func testManySeriesLabelTheirNotablePointsByDefault() throws {
        var many = try DescribeCharts.manySeries()
        try Describe().run(&many)
        let json = try XCTUnwrap(many.artifacts.first { $0.path == "description.en.json" })
        XCTAssertLessThan(json.bytes.count, 800_000)
        let described = try XCTUnwrap(many[DescriptionsKey.self]?["en"])
        XCTAssertEqual(described.series.count, 200)
        XCTAssertTrue(described.series.allSatisfy { !$0.points.isEmpty && $0.points.count < many.data.series[0].count })
        var all = try DescribeCharts.manySeries()
        try Describe(["points": "all"]).run(&all)
        XCTAssertGreaterThan(try XCTUnwrap(all.artifacts.first { $0.path == "description.en.json" }).bytes.count, 3 * json.bytes.count)
        var few = try DescribeCharts.dailySales()
        try Describe().run(&few)
        XCTAssertEqual(few[DescriptionsKey.self]?["en"]?.series.map(\.points.count), few.data.series.map(\.count))
    }

    /// Two runs give the same bytes, and JSON files parse.
    func testOutputIsDeterministicAndParses() throws {
        var a = try DescribeCharts.dailySales(), b = try DescribeCharts.dailySales()
        try Describe().run(&a)
        try Describe().run(&b)
        XCTAssertEqual(a.artifacts.map(\.path), b.artifacts.map(\.path))
        XCTAssertEqual(a.artifacts.map(\.bytes), b.artifacts.map(\.bytes))
        for artifact in a.artifacts where artifact.path.hasSuffix(".json") {
            XCTAssertNoThrow(try JSONParser.parse(artifact.bytes), artifact.path)
        }
    }
}
