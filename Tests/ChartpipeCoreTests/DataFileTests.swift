@testable import ChartpipeCore
import ChartpipeJSON
import XCTest

/// data.json streamed in blocks is byte for byte the JSON tree written whole, for every shape.
final class DataFileTests: XCTestCase {
    func chart(_ type: XType, zone: String = "UTC") -> ChartSpec {
        ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                  x: XSpec(field: "x", type: type, zone: zone), y: YSpec(fields: ["y"]), location: SourceLocation(path: "p"))
    }

    func testStreamedIsTheTreeWrittenWhole() {
        var big = Series(name: "big \"quoted\" </script>")
        for i in 0..<10_000 { big.append(x: Double(i) * 3_600_000, y: i % 7 == 0 ? .nan : Double(i) / 3, firstRecord: i, lastRecord: i + 1) }
        let cases: [(SeriesSet, ChartSpec)] = [
            (SeriesSet(xType: .time, series: [big, Series(name: "empty")]), chart(.time, zone: "Europe/Berlin")),
            (SeriesSet(xType: .number, series: [Series(name: "n", x: [1.5, 2, -0.25], y: [1, .nan, 3e300], firstRecord: [0, -1, 2], lastRecord: [0, -1, 2])]), chart(.number)),
            (SeriesSet(xType: .category, categories: ["a", "é"], series: [Series(name: "c", x: [0, 1], y: [1, 2], firstRecord: [0, 1], lastRecord: [0, 1])]), chart(.category)),
            (SeriesSet(xType: .time), chart(.time)),
        ]
        for (data, chart) in cases {
            let whole = JSONWriter().bytes(DataFile.json(data, chart: chart))
            XCTAssertEqual(Artifact(path: "data.json", kind: "data", content: DataFile.content(data, chart: chart)).bytes, whole)
        }
    }
}
