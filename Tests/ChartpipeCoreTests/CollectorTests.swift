@testable import ChartpipeCore
import XCTest

final class CollectorTests: XCTestCase {
    final class ArrayStream: ObservationStream {
        let xType: XType
        let seriesNames: [String]
        let categories: [String] = []
        let sourcePath = "data.csv"
        let recordsRead = 0, recordsSkipped = 0
        let warnings: [Diagnostic] = []
        var batch: ObservationBatch?
        init(xType: XType = .number, names: [String] = ["v"], points: [(Int32, Double, Double)]) {
            self.xType = xType
            seriesNames = names
            var b = ObservationBatch()
            for (i, p) in points.enumerated() { b.append(series: p.0, x: p.1, y: p.2, record: i, line: Int32(i + 2)) }
            batch = b
        }
        func next() throws -> ObservationBatch? { defer { batch = nil }; return batch }
    }

    let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "data.csv", format: .csv),
                          x: XSpec(field: "date", type: .time), y: YSpec(fields: ["v"]), location: SourceLocation(path: "p"))

    func testUnsortedXIsSortedStablyWithAWarning() throws {
        let stream = ArrayStream(points: [(0, 3, 30), (0, 1, 10), (0, 2, 20), (0, 0, .nan)])
        let (set, warnings) = try SeriesCollector.collect(stream, chart: chart)
        XCTAssertEqual(set.series[0].x, [0, 1, 2, 3])
        XCTAssertEqual(set.series[0].firstRecord, [3, 1, 2, 0])
        XCTAssertTrue(set.series[0].y[0].isNaN)
        XCTAssertEqual(warnings.map(\.description), ["data.csv: warning: field 'date': x is not in ascending order; the points were sorted by x (rows with equal x keep their order)"])
        XCTAssertEqual(warnings.map(\.code), ["data.unsorted-x"])
    }

    func testDuplicateXNamesBothRows() {
        let stream = ArrayStream(xType: .time, names: ["North", "South"],
                                 points: [(0, 0, 1), (1, 0, 2), (0, 86_400_000, 3), (0, 86_400_000, 4)])
        XCTAssertThrowsError(try SeriesCollector.collect(stream, chart: chart)) { error in
            XCTAssertEqual((error as? ChartError)?.description,
                           "data.csv:5: error: field 'date': x '1970-01-02T00:00:00Z' appears twice in series 'North', at lines 4 and 5; add { \"use\": \"aggregate\" } after 'ingest' to combine rows with the same x")
        }
    }
}
