@testable import ChartpipeCore
import ChartpipeJSON
import XCTest

/// What changed between two runs' histories of a chart, case by case, with the real values a
/// sentence needs.
final class ComparisonTests: XCTestCase {
    static let day = 86_400_000.0

    func series(_ name: String, _ ys: [Double], from start: Int = 0) -> Series {
        let x = ys.indices.map { Double(start + $0) * Self.day }
        return Series(name: name, x: x, y: ys, firstRecord: ys.indices.map { $0 }, lastRecord: ys.indices.map { $0 })
    }

    func history(_ series: [Series], trends: [String: MonotonicTrend] = [:], crossings: [String: [ChartHistory.Crossing]] = [:]) -> ChartHistory {
        ChartHistory(xType: .time, series: series, trends: trends, crossings: crossings)
    }

    func testAnUnchangedRunHasNoChanges() {
        let h = history([series("Revenue", [10, 12, 11])], trends: ["Revenue": .none])
        XCTAssertEqual(Comparison.changes(from: h, to: h), [])
    }

    func testAppendedDaysStateTheLatestAgainstTheDayBefore() {
        let old = history([series("Revenue", [10, 12, 11])])
        let new = history([series("Revenue", [10, 12, 11, 13, 14])])
        let changes = Comparison.changes(from: old, to: new)
        XCTAssertEqual(changes.first, Change(kind: .newPoints, series: "Revenue", count: 2, x: 4 * Self.day, y: 14,
                                             previousX: 3 * Self.day, previousY: 13))
        XCTAssertTrue(changes.contains(Change(kind: .latestChanged, series: "Revenue", x: 4 * Self.day, y: 14, previousX: 2 * Self.day, previousY: 11)))
        XCTAssertTrue(changes.contains(Change(kind: .newHigh, series: "Revenue", x: 4 * Self.day, y: 14, previousY: 12, since: 0)))
        XCTAssertFalse(changes.contains { $0.kind == .revised })
    }

    func testARevisedPastValueNamesTheLargestRevision() {
        let old = history([series("Revenue", [1204.10, 1300, 1250, 1400])])
        let new = history([series("Revenue", [1250.00, 1300, 1251, 1400])])
        XCTAssertEqual(Comparison.changes(from: old, to: new), [
            Change(kind: .revised, series: "Revenue", count: 2, x: 0, y: 1250, previousY: 1204.10),
        ])
    }

    func testTheLastBitsOfASumAreNoRevision() {
        let old = history([series("Mean", [51.1, 52])])
        let new = history([series("Mean", [51.1 + 7e-15, 52])])
        XCTAssertEqual(Comparison.changes(from: old, to: new), [])
    }

    func testANewLowAndATrendTurningSignificant() {
        let old = history([series("Level", [50, 40, 45])], trends: ["Level": .none])
        let new = history([series("Level", [50, 40, 45, 30])], trends: ["Level": .decreasing])
        let changes = Comparison.changes(from: old, to: new)
        XCTAssertTrue(changes.contains(Change(kind: .newLow, series: "Level", x: 3 * Self.day, y: 30, previousY: 40, since: 0)))
        XCTAssertTrue(changes.contains(Change(kind: .trendStarted, series: "Level", trend: .decreasing)))
        let stopped = Comparison.changes(from: new, to: old)
        XCTAssertTrue(stopped.contains(Change(kind: .trendStopped, series: "Level", trend: .decreasing)))
    }

    func testSeriesAddedAndRemoved() {
        let old = history([series("North", [1, 2]), series("West", [3, 4])])
        let new = history([series("North", [1, 2]), series("South", [5, 6])])
        XCTAssertEqual(Comparison.changes(from: old, to: new), [
            Change(kind: .seriesAdded, series: "South", x: Self.day, y: 6),
            Change(kind: .seriesRemoved, series: "West"),
        ])
    }

    func testANewThresholdCrossing() {
        let crossing = ChartHistory.Crossing(threshold: "target", x: 2.5 * Self.day, upward: true)
        let old = history([series("Revenue", [1, 2, 3])])
        let new = history([series("Revenue", [1, 2, 3])], crossings: ["Revenue": [crossing]])
        XCTAssertEqual(Comparison.changes(from: old, to: new), [
            Change(kind: .newCrossing, series: "Revenue", x: 2.5 * Self.day, threshold: "target", upward: true),
        ])
    }

    func testHistoryAndChangesReadBackAsWritten() throws {
        var s = series("Revenue", [10, .nan, 12])
        s.name = "Revenue \"R\""
        let h = history([s], trends: [s.name: .increasing],
                        crossings: [s.name: [ChartHistory.Crossing(threshold: "t", x: 1.5, upward: false)]])
        XCTAssertEqual(ChartHistory(json: try JSONParser.parse(JSONWriter().bytes(h.json)))?.json, h.json)
        // How the values were folded, so that a change names a bucket as the descriptions do.
        for bucket: Aggregation.Bucket in [.calendar("week"), .width(10), .category] {
            var folded = h
            folded.aggregation = Aggregation(op: "mean", bucket: bucket, partialFirst: true)
            XCTAssertEqual(ChartHistory(json: try JSONParser.parse(JSONWriter().bytes(folded.json)))?.aggregation, folded.aggregation)
        }
        let change = Change(kind: .newPoints, series: "R", count: 1, x: Self.day, y: 3, previousX: 0, previousY: 2)
        let xJSON: (Double) -> JSONValue = { .string(TimeText.iso8601(milliseconds: $0)) }
        let read = Change(json: change.json(x: xJSON)) { $0.stringValue.flatMap(TimeText.milliseconds(iso8601:)) }
        XCTAssertEqual(read, change)
    }
}
