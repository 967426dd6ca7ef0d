import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest
import ChartpipeJSON

final class IngestReadTests: XCTestCase {
    /// Long data in three formats against expected values computed by Python's zoneinfo (Fixtures/generate.py).
    func testFixturesMatchIndependentReference() throws {
        let expectedData = try Data(contentsOf: fixtures.appendingPathComponent("long.expected.json"))
        guard case let .object(root) = try JSONParser.parse(Array(expectedData)),
              let observations = root.first(where: { $0.0 == "observations" })?.1.arrayValue else {
            return XCTFail("bad expected file")
        }
        for (name, records) in [("long.csv", ""), ("long.json", "/data/items"), ("long.jsonl", "")] {
            let path = fixtures.appendingPathComponent(name).path
            let (batch, stream) = try read(chart(path, x: "when", zone: "America/New_York", y: ["value"], series: "region",
                                                 records: records), ingest: Ingest(batchSize: 17))
            XCTAssertEqual(batch.count, observations.count, name)
            XCTAssertEqual(stream.seriesNames, ["east", "south", "north"], name)
            XCTAssertEqual(stream.recordsRead, observations.count, name)
            for (i, expected) in observations.enumerated() {
                XCTAssertEqual(batch.record[i], expected["record"]?.intValue, name)
                XCTAssertEqual(batch.x[i], expected["x"]?.doubleValue, "\(name) record \(i)")
                XCTAssertEqual(stream.seriesNames[Int(batch.series[i])], expected["series"]?.stringValue, name)
                if let y = expected["y"]?.doubleValue { XCTAssertEqual(batch.y[i], y, "\(name) record \(i)") } else {
                    XCTAssertTrue(batch.y[i].isNaN, "\(name) record \(i): a gap is NaN, never zero")
                }
            }
            if name == "long.csv" { XCTAssertEqual(Array(batch.line.prefix(3)), [2, 3, 4]) }
            if name == "long.json" { XCTAssertEqual(Array(batch.line.prefix(3)), [3, 4, 5]) }
        }
    }

    func testWideDataKeepsFieldOrderAndGaps() throws {
        let s = Scratch()
        let path = s.file("w.csv", "\u{FEFF}t,a,b\r\n2024-01-01,1,\r\n2024-01-02,NA,-2.5e1\r\n2024-01-03,\"3\",null\r\n2024-01-04,NaN,4\r\n")
        let (batch, stream) = try read(chart(path, y: ["b", "a"]))
        XCTAssertEqual(stream.seriesNames, ["b", "a"])
        XCTAssertEqual(batch.series, [0, 1, 0, 1, 0, 1, 0, 1])
        XCTAssertEqual(batch.x, [utc(2024, 1, 1), utc(2024, 1, 1), utc(2024, 1, 2), utc(2024, 1, 2),
                                 utc(2024, 1, 3), utc(2024, 1, 3), utc(2024, 1, 4), utc(2024, 1, 4)])
        let y = batch.y.map { $0.isNaN ? nil : $0 }
        XCTAssertEqual(y, [nil, 1, -25, nil, nil, 3, 4, nil])
        XCTAssertEqual(batch.line, [2, 2, 3, 3, 4, 4, 5, 5])
        XCTAssertEqual(batch.record, [0, 0, 1, 1, 2, 2, 3, 3])
    }

    /// libcsv trims unquoted fields, so `a`, ` a` and `a ` became one series without a word: text
    /// keeps its spaces. A quoted field keeps what is inside its quotes and loses the spaces around
    /// them (` "a" ` is `a`, also after a quoted line break); column names are matched without
    /// theirs, numbers and times skip them, and spaces alone are a missing value.
    func testCSVTextKeepsItsSpacesAndQuotedFieldsTheirQuotes() throws {
        let s = Scratch()
        let path = s.file("sp.csv", "t, v, s\n2024-01-01, 1,a\n2024-01-02,2 , a\n2024-01-03 ,\t3,a \n"
                            + "2024-01-04,4, \"a\" \n2024-01-05,\"5\",\" a \"\n2024-01-06,6,\"two\nlines\"\n2024-01-07,7,b c \n")
        let (batch, stream) = try read(chart(path, series: "s"))
        XCTAssertEqual(stream.seriesNames, ["a", " a", "a ", " a ", "two\nlines", "b c "])
        XCTAssertEqual(batch.series, [0, 1, 2, 0, 3, 4, 5])
        XCTAssertEqual(batch.y, [1, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(batch.x, [utc(2024, 1, 1), utc(2024, 1, 2), utc(2024, 1, 3), utc(2024, 1, 4), utc(2024, 1, 5),
                                 utc(2024, 1, 6), utc(2024, 1, 7)])
        let tabs = s.file("sp.tsv", "t\tv\ts\n2024-01-01\t1\t a\n2024-01-02\t2\t \"a\"\n")
        let (_, tsv) = try read(chart(tabs, series: "s", delimiter: 0x09))
        XCTAssertEqual(tsv.seriesNames, [" a", "a"])
        let categories = s.file("cat.csv", "c,v\nx,1\n x,2\n \"x\" ,3\n")
        let (byCategory, stream2) = try read(chart(categories, x: "c", type: .category))
        XCTAssertEqual(stream2.categories, ["x", " x"])
        XCTAssertEqual(byCategory.x, [0, 1, 0])
        XCTAssertEqual(failure(chart(s.file("blank.csv", "t,v,s\n2024-01-01,1,  \n"), series: "s"))?.message,
                       "the series value is missing; every record of long data names its series (\"onError\": \"skip\" skips such records)")
    }

    func testSkipRowsTSVQuotedNewlinesAndLines() throws {
        let s = Scratch()
        let path = s.file("d.tsv", "# exported\n# by a tool \"with a quote\n\nt\tv\tnote\n2024-06-01\t1\t\"two\nlines\"\n\n2024-06-02\t2\tx\n")
        let (batch, stream) = try read(chart(path, skipRows: 2))
        XCTAssertEqual(batch.y, [1, 2])
        XCTAssertEqual(batch.line, [5, 8])
        XCTAssertEqual(stream.recordsRead, 2)
    }

    func testCustomTimePatterns() throws {
        let s = Scratch()
        let cases: [(String, String, Double)] = [
            ("yyyy/MM/dd", "2024/03/05", utc(2024, 3, 5)),
            ("yyyy/MM/dd HH:mm", "2024/03/05 17:45", utc(2024, 3, 5, 17, 45)),
            ("MMM d yyyy", "Mar 5 2024", utc(2024, 3, 5)),
            ("MMM d yyyy", "september 30 2023", utc(2023, 9, 30)),
            ("yyyyMMdd", "20240229", utc(2024, 2, 29)),
            ("dd.MM.yy HH:mm:ss.SSS", "05.03.24 01:02:03.250", utc(2024, 3, 5, 1, 2, 3, 250)),
            ("yyyy-MM-dd'T'HH:mmXXX", "2024-03-05T10:00+02:00", utc(2024, 3, 5, 8)),
            ("h:mm a, MMMM d, yyyy", "1:30 PM, July 4, 2024", utc(2024, 7, 4, 13, 30)),
            ("epoch-seconds", "1700000000.5", 1_700_000_000_500),
            ("epoch-millis", "1700000000123", 1_700_000_000_123),
        ]
        for (i, (pattern, text, expected)) in cases.enumerated() {
            let path = s.file("p\(i).csv", "t,v\n\"\(text)\",1\n")
            let (batch, _) = try read(chart(path, format: pattern))
            XCTAssertEqual(batch.x, [expected], pattern)
        }
    }

    /// A wall-clock time the clocks skipped does not exist: an error, never silently moved.
    func testATimeInTheSpringGapIsAnError() throws {
        let s = Scratch()
        let path = s.file("gap.csv", "t,v\n2024-03-10T01:30:00,1\n2024-03-10T02:30:00,2\n")
        XCTAssertThrowsError(try read(chart(path, zone: "America/New_York"))) { error in
            XCTAssertEqual((error as? ChartError)?.description,
                           "gap.csv:3:1: error: field 't': '2024-03-10T02:30:00' does not exist in America/New_York: the clocks moved forward over it; write the time with its offset or in another zone, or set \"nonexistent\": \"shift\" in x to move it forward by the gap")
        }
    }

    func testISOVariantsAndZones() throws {
        let s = Scratch()
        let path = s.file("iso.csv", """
            t,v
            2024-03-10T01:30:00,1
            2024-03-10T03:30:00,2
            2024-11-03T01:30:00,3
            2024-11-03T01:30:00-05:00,4
            2024-01-01T00:00:00.5+0530,5
            2024-01-01t12:00z,6
            2024-01-01T24:00:00Z,7
            2016-12-31T23:59:60Z,8
            """)
        let (batch, _) = try read(chart(path, zone: "America/New_York"))
        XCTAssertEqual(batch.x, [
            utc(2024, 3, 10, 6, 30),       // EST
            utc(2024, 3, 10, 7, 30),       // EDT, after the spring change
            utc(2024, 11, 3, 5, 30),       // ambiguous: the earlier instant (EDT)
            utc(2024, 11, 3, 6, 30),
            utc(2023, 12, 31, 18, 30, 0, 500),
            utc(2024, 1, 1, 12),
            utc(2024, 1, 2),
            utc(2016, 12, 31, 23, 59, 59, 999),
        ])
    }

    func testNumberAndCategoryX() throws {
        let s = Scratch()
        let path = s.file("n.csv", "k,v\n+1.5e2,1\n-.5,2\n3.,3\n")
        XCTAssertEqual(try read(chart(path, x: "k", type: .number)).0.x, [150, -0.5, 3])
        let cats = s.file("c.csv", "k,v\nb,1\na,2\nb,3\n")
        let (batch, stream) = try read(chart(cats, x: "k", type: .category))
        XCTAssertEqual(batch.x, [0, 1, 0])
        XCTAssertEqual(stream.categories, ["b", "a"])
    }

    func testHeaderlessColumnsByNumber() throws {
        let s = Scratch()
        let path = s.file("h.csv", "2024-01-01,x,5\n2024-01-02,y,6,extra\n")
        let (batch, _) = try read(chart(path, x: "1", y: ["3"], header: false))
        XCTAssertEqual(batch.y, [5, 6])
        XCTAssertEqual(batch.record, [0, 1])
    }

    func testJSONPointersAndEpochNumbers() throws {
        let s = Scratch()
        let path = s.file("p.json", #"[{"at": 1700000000, "m": {"v": [0, 2.5]}}, {"at": 1700000060, "m": {"v": [0, "3"]}}]"#)
        let (batch, _) = try read(chart(path, x: "at", format: "epoch-seconds", y: ["/m/v/1"]))
        XCTAssertEqual(batch.x, [1_700_000_000_000, 1_700_000_060_000])
        XCTAssertEqual(batch.y, [2.5, 3])
    }

    /// More than one read block (1 MiB): records and quoted fields straddle block edges.
    func testLargeFilesAcrossBlocks() throws {
        let s = Scratch()
        var csv = "t,v,note\n"
        var json = "[\n"
        var expectedSum = 0.0
        let n = 60_000
        for i in 0..<n {
            let v = Double(i % 1000) / 8
            expectedSum += v
            let note = i % 97 == 0 ? "\"multi\nline, \"\"quoted\"\"\"" : "plain note \(i)"
            csv += "2024-01-01T00:00:\(String(format: "%02d", i % 60))Z,\(v),\(note)\n"
            json += "{\"t\": \"2024-01-01T00:00:00Z\", \"v\": \(v), \"pad\": \"\(String(repeating: "é", count: i % 13))\"}"
            json += i == n - 1 ? "\n]\n" : ",\n"
        }
        let csvPath = s.file("big.csv", csv)
        let (batch, stream) = try read(chart(csvPath))
        XCTAssertEqual(stream.recordsRead, n)
        XCTAssertEqual(batch.y.reduce(0, +), expectedSum)
        let lastLine = 1 + n + (n + 96) / 97  // header, one line per row, one more per multi-line note
        XCTAssertEqual(batch.line.last.map(Int.init), lastLine)
        let jsonPath = s.file("big.json", json)
        let (jbatch, jstream) = try read(chart(jsonPath))
        XCTAssertEqual(jstream.recordsRead, n)
        XCTAssertEqual(jbatch.y.reduce(0, +), expectedSum)
        XCTAssertEqual(jbatch.line.last, Int32(n + 1))
    }

    func testPreviewGivesHeaderAndRows() throws {
        let s = Scratch()
        let path = s.file("v.csv", "a,b\n1,\"x, y\"\n2,z\n3,w\n")
        let preview = try Ingest.preview(source: SourceSpec(path: path, displayPath: "v.csv", format: .csv), rows: 2)
        XCTAssertEqual(preview.columns, ["a", "b"])
        XCTAssertEqual(preview.rows, [["1", "x, y"], ["2", "z"]])
    }

    func testDecimalNumbersRoundCorrectly() {
        let texts = ["0", "-0", "1", "0.1", "0.3", "123456789012345678", "1.7976931348623157e308", "5e-324",
                     "2.2250738585072014e-308", "9007199254740993", "0.000001234", "1e22", "1e23", "-12.5E-3",
                     "00012", "3.14159265358979323846264338327950288"]
        for text in texts {
            let bytes = Array(text.utf8)
            let got = bytes.withUnsafeBufferPointer { DecimalNumber.parse($0.baseAddress!, $0.count) }
            XCTAssertEqual(got, Double(text), text)
        }
        for bad in ["", "-", ".", "e5", "1e", "1.2.3", "0x10", "1_000", "١٢"] {
            let bytes = Array(bad.utf8)
            let got = bytes.withUnsafeBufferPointer { $0.baseAddress.flatMap { DecimalNumber.parse($0, bytes.count) } }
            XCTAssertNil(got, bad)
        }
    }

    func testStageDescription() throws {
        XCTAssertEqual(Ingest.description.name, "ingest")
        XCTAssertEqual(StageRegistration(Ingest.self).kind, .source)
        XCTAssertEqual(Ingest.description.adds, [.series])
        XCTAssertEqual(try Ingest(options: StageOptions()).batchSize, 65_536)
    }
}
