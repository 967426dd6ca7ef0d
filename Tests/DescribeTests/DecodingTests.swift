import ChartpipeCore
import ChartpipeJSON
@testable import Describe
import XCTest
import ChartpipeTestSupport

/// What run-level stages read back from the output folder — data.json, trend.json and
/// description.<locale>.json through the core's decoders — equals what the stages made.
final class DecodingTests: XCTestCase {
    func testFilesDecodeToWhatTheStagesMade() throws {
        let charts = try [DescribeCharts.rising(), DescribeCharts.fallingHourly(), DescribeCharts.gaps(),
                          DescribeCharts.categories(), DescribeCharts.dailySales()]
        for var context in charts {
            try Describe().run(&context)
            let id = context.chart.id
            let dataJSON = try JSONParser.parse(JSONWriter().bytes(DataFile.json(context.data, chart: context.chart)))
            let data = try XCTUnwrap(DataFile.decode(dataJSON, chart: context.chart), id)
            XCTAssertEqual(data.series.map(\.name), context.data.series.map(\.name), id)
            XCTAssertEqual(data.categories, context.data.categories, id)
            for (a, b) in zip(data.series, context.data.series) {
                XCTAssertEqual(a.x, b.x, id)
                XCTAssertEqual(a.y.map { $0.isNaN ? nil : $0 }, b.y.map { $0.isNaN ? nil : $0 }, id)
            }

            let trend = try XCTUnwrap(context[TrendKey.self])
            let trendFile = try XCTUnwrap(context.artifacts.first { $0.kind == "trend" })
            let decodedTrend = try XCTUnwrap(TrendResult(json: JSONParser.parse(trendFile.bytes), xType: data.xType,
                                                         categories: data.categories, zone: context.chart.x.zone), id)
            if data.xType != .category {
                XCTAssertEqual(decodedTrend.series, trend.series, id)
                XCTAssertEqual(decodedTrend.crossovers, trend.crossovers, id)
            } else {
                XCTAssertEqual(decodedTrend.series.map(\.n), trend.series.map(\.n), id)
            }

            for locale in context.run.locales {
                let made = try XCTUnwrap(context[DescriptionsKey.self]?[locale])
                let file = try XCTUnwrap(context.artifacts.first { $0.path == "description.\(locale).json" })
                let decoded = try XCTUnwrap(ChartDescription(json: JSONParser.parse(file.bytes), xType: data.xType,
                                                             categories: data.categories), "\(id) \(locale)")
                XCTAssertEqual(decoded, made, "\(id) \(locale)")
            }
        }
    }
}
