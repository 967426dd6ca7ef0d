import ChartpipeCore
import ChartpipeJSON
import Foundation
@testable import Ingest
import XCTest

/// SPEC §11: every size limit has a default, an option, and an error naming both.
final class LimitTests: XCTestCase {
    private let s = Scratch()

    private func error(_ name: String, _ text: String, _ options: [String: JSONValue],
                       _ configure: (String) -> ChartSpec = { chart($0) }) throws -> String {
        let ingest = try Ingest(options: StageOptions(options))
        return failure(configure(s.file(name, text)), ingest: ingest).map { "\($0)" } ?? "no error"
    }

    func testEveryLimitIsADeclaredOptionWithItsDefault() throws {
        let names = Ingest.description.options.map(\.name)
        XCTAssertEqual(names, ["maxFileBytes", "maxFieldBytes", "maxColumns", "maxRecordBytes", "maxPoints", "maxSeries"])
        XCTAssertEqual(try Ingest(options: StageOptions()).limits, IngestLimits.standard)
        let standard = IngestLimits.standard
        XCTAssertEqual([standard.maxFileBytes, standard.maxFieldBytes, standard.maxColumns, standard.maxRecordBytes,
                        standard.maxPoints, standard.maxSeries],
                       [4_294_967_296, 1_048_576, 10_000, 67_108_864, 50_000_000, 1_000])
        XCTAssertEqual(Ingest.description.options.map { $0.defaultValue?.intValue },
                       [4_294_967_296, 1_048_576, 10_000, 67_108_864, 50_000_000, 1_000])
        XCTAssertEqual(try Ingest(options: StageOptions(["maxColumns": 3, "maxPoints": 9])).limits,
                       IngestLimits(maxColumns: 3, maxPoints: 9))
        XCTAssertThrowsError(try Ingest(options: StageOptions(["maxSeries": 0])))
    }

    /// A long string is parsed again each time the buffer grows: the buffer doubles, so jansson sees
    /// a bounded multiple of the file, not a block's worth more per block (12 MiB gave 6.5 times).
    func testALongStringIsParsedABoundedNumberOfTimesOver() throws {
        let long = String(repeating: "a", count: 12 << 20)
        for (name, text) in [("long.json", "[{\"t\": \"2024-01-01\", \"v\": 1, \"note\": \"\(long)\"}]")] {
            let path = s.file(name, text)
            let before = JSONValueLoader.parsedBytes.load(ordering: .relaxed)
            let (batch, _) = try read(chart(path), ingest: Ingest(limits: IngestLimits(maxRecordBytes: 64 << 20)))
            let parsed = JSONValueLoader.parsedBytes.load(ordering: .relaxed) - before
            XCTAssertEqual(batch.y, [1], name)
            XCTAssertLessThan(parsed, 3 * text.utf8.count, "\(name): jansson read \(parsed) bytes of a \(text.utf8.count)-byte file")
        }
    }

    func testFileSize() throws {
        XCTAssertEqual(try error("big.csv", "t,v\n2024-01-01,1\n", ["maxFileBytes": 10]),
                       "big.csv: error: the file has 17 bytes, more than 10, the limit of 'maxFileBytes'; raise it in the ingest stage's options if the file is right")
        XCTAssertEqual(failure(chart(s.file("big.json", "[]")), ingest: try Ingest(options: StageOptions(["maxFileBytes": 1])))?.code,
                       "ingest.file-too-large")
    }

    func testPointsReadNameTheLineWhereTheLimitPassed() throws {
        let text = "t,a,b\n2024-01-01,1,2\n2024-01-02,1,2\n2024-01-03,1,2\n2024-01-04,1,2\n2024-01-05,1,2\n"
        // The eighth value is the second of the fourth row, on line 5.
        XCTAssertEqual(try error("p.csv", text, ["maxPoints": 7]) { chart($0, y: ["a", "b"]) },
                       "p.csv:5: error: the data has more than 7 values (one per record and y field), the limit of 'maxPoints'; raise it in the ingest stage's options if the file is right")
        XCTAssertEqual(try error("p.csv", text, ["maxPoints": 10]) { chart($0, y: ["a", "b"]) }, "no error")
        let json = "[{\"t\": \"2024-01-01\", \"v\": 1},\n{\"t\": \"2024-01-02\", \"v\": 2},\n{\"t\": \"2024-01-03\", \"v\": 3}]"
        XCTAssertEqual(try error("p.json", json, ["maxPoints": 2]),
                       "p.json:3: error: the data has more than 2 values (one per record and y field), the limit of 'maxPoints'; raise it in the ingest stage's options if the file is right")
    }

    func testSeriesCountFailsEvenWhenSkippingBadRows() throws {
        let text = "t,s,v\n2024-01-01,a,1\n2024-01-01,b,1\n2024-01-01,a,2\n2024-01-01,c,1\n2024-01-01,d,1\n"
        XCTAssertEqual(try error("s.csv", text, ["maxSeries": 3]) { chart($0, series: "s", onError: .skip) },
                       "s.csv:6:12: error: field 's': the data has more than 3 series (values of 's'), the limit of 'maxSeries'; check that \"series\" names the right field, or raise it in the ingest stage's options if the file is right")
        let json = "[{\"t\": \"2024-01-01\", \"s\": \"a\", \"v\": 1},\n {\"t\": \"2024-01-01\", \"s\": \"b\", \"v\": 1}]"
        XCTAssertEqual(try error("s.json", json, ["maxSeries": 1]) { chart($0, series: "s") },
                       "s.json:2:2: error: field 's': the data has more than 1 series (values of 's'), the limit of 'maxSeries'; check that \"series\" names the right field, or raise it in the ingest stage's options if the file is right")
        XCTAssertEqual(try error("s.csv", text, ["maxSeries": 4]) { chart($0, series: "s") }, "no error")
    }

    /// Long stretches without values (here every row skipped) come back as empty batches, so the
    /// caller polls cancellation between them instead of waiting for the whole file.
    func testLongStretchesWithoutValuesYieldEmptyBatches() throws {
        var csv = "t,v\n"
        for _ in 0..<200 { csv += "2024-01-01,bad\n" }
        csv += "2024-01-02,7\n"
        var jsonl = ""
        for _ in 0..<200 { jsonl += "{\"t\": \"2024-01-01\", \"v\": \"bad\"}\n" }
        jsonl += "{\"t\": \"2024-01-02\", \"v\": 7}\n"
        for (name, text) in [("skip.csv", csv), ("skip.jsonl", jsonl)] {
            var ingest = Ingest()
            ingest.bytesPerBatch = 256
            let stream = try ingest.open(chart: chart(s.file(name, text), onError: .skip))
            var empty = 0
            var values: [Double] = []
            while let batch = try stream.next() {
                if batch.isEmpty { empty += 1 }
                values += batch.y
            }
            XCTAssertEqual(values, [7], name)
            XCTAssertGreaterThan(empty, 10, name)
            XCTAssertEqual(stream.recordsSkipped, 200, name)
        }
    }
}
