import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// The report on a phone (issue 32), in headless chromium (`check_report.py marker`): below 480 px
/// the page shows `chart.<locale>.narrow.svg`, laid out for its width, and the keyboard's focus
/// marker is drawn in that SVG, on the point it names; on a wide screen in the wide one. The chart
/// is drawn in the highlight layout, and the page names its quiet series.
final class NarrowReportTests: XCTestCase {
    func testTheFocusMarkerIsOnThePointsOfTheChartShown() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Harness.run(["run", "Tests/EndToEndTests/Fixtures/report/narrow.pipeline", "--out", folder.path, "--no-progress"],
                                  environment: ReportTests.epoch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = ReportTests.page(folder, "carriers", "en")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "The other 2, drawn faintly behind them: Regional A and Regional B.</desc>").count - 1, 2,
                       "both SVGs name the quiet series in their descriptions")
        XCTAssertEqual(html.components(separatedBy: "Regional B.</text>").count - 1, 2, "and below their plots")
        // Home and End go to the first and last point of the first series (a quiet one, drawn first).
        for (width, shown) in [(390, 1), (1280, 0)] {
            let presses = try ReportTests.check(["marker", page, "carriers", String(width), "Home", "End"]).arrayValue ?? []
            XCTAssertEqual(presses.count, 2)
            for (press, point) in zip(presses, ["first", "last"]) {
                XCTAssertEqual(press["shown"]?.intValue, shown, "\(width) px: the SVG shown")
                XCTAssertEqual(press["ring"]?.intValue, shown, "\(width) px: the SVG whose focus ring is seen")
                let ring = press["marker"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                let target = press[point]?.arrayValue?.compactMap(\.doubleValue) ?? []
                XCTAssertEqual(ring.count, 2, "\(width) px, \(point): \(press)")
                XCTAssertEqual(target.count, 2, "\(width) px, \(point): \(press)")
                guard ring.count == 2, target.count == 2 else { continue }
                XCTAssertEqual(ring[0], target[0], accuracy: 1.5, "\(width) px, \(point) point: x")
                XCTAssertEqual(ring[1], target[1], accuracy: 1.5, "\(width) px, \(point) point: y")
            }
        }
    }
}
