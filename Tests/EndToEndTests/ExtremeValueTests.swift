import ChartpipeJSON
import Foundation
import XCTest

/// The full range of a double through every stage: ±9e307 (whose range is finite), ±1.797…e308
/// (whose range max − min overflows to ∞) and subnormals down to 5e-324, in one run of every stage.
/// Nothing crashes, every chart is ok, and no statistic written is ∞ or NaN.
final class ExtremeValueTests: XCTestCase {
    func testEveryStageRunsOverTheFullRangeOfADouble() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["extreme.pipeline", "extreme.csv"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("extreme/\(name)"),
                                             to: folder.appendingPathComponent(name))
        }
        let result = try Harness.run(["run", "extreme.pipeline", "--no-progress"], in: folder,
                                     environment: ["SOURCE_DATE_EPOCH": "1780272000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("huge: ok"), result.stderr)
        XCTAssertTrue(result.stderr.contains("bars: ok"), result.stderr)
        let out = folder.appendingPathComponent("out")
        for chart in ["huge", "bars"] {
            for file in ["trend.json", "data.json", "description.en.json", "description.ko.json", "chart.en.svg", "audio.wav",
                         "table.csv", "table.en.html", "table.xlsx"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("charts/\(chart)/\(file)").path),
                              "\(chart)/\(file)")
            }
            let trend = try String(contentsOf: out.appendingPathComponent("charts/\(chart)/trend.json"), encoding: .utf8)
            for word in ["inf", "nan", "Infinity", "NaN"] { XCTAssertFalse(trend.contains(word), "\(chart) trend.json: \(word)") }
            // The statistics of values near the largest double are numbers, not null for an overflow.
            let parsed = try JSONParser.parse(Array(trend.utf8))
            // The bars' mean of ±1.8e308 values (aggregate's sum overflowed: the bar was null).
            XCTAssertEqual(parsed["series"]?.arrayValue?.first?["n"]?.intValue, chart == "bars" ? 2 : 8, chart)
            for series in parsed["series"]?.arrayValue ?? [] {
                XCTAssertNotNil(series["mean"]?.doubleValue, "\(chart): mean")
                XCTAssertNotNil(series["stdev"]?.doubleValue, "\(chart): stdev")
                if chart == "huge" { XCTAssertNotNil(series["leastSquares"]?["slope"]?.doubleValue, "\(chart): slope") }
            }
            let svg = try String(contentsOf: out.appendingPathComponent("charts/\(chart)/chart.en.svg"), encoding: .utf8)
            for word in ["inf", "nan"] { XCTAssertFalse(svg.contains(word), "\(chart) chart.svg: \(word)") }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.en.html").path))
    }
}
