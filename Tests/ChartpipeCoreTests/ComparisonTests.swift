@testable import ChartpipeCore
import ChartpipeJSON
import Foundation
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

    /// Bit for bit: NaN gaps stay gaps, and every other value comes back as the same double.
    func assertSameValues(_ a: ChartHistory?, _ b: ChartHistory, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("not read back", file: file, line: line) }
        XCTAssertEqual(a.series.map(\.name), b.series.map(\.name), file: file, line: line)
        for (s, t) in zip(a.series, b.series) {
            XCTAssertEqual(s.x.map(\.bitPattern), t.x.map(\.bitPattern), s.name, file: file, line: line)
            XCTAssertEqual(s.y.map { $0.isNaN ? 0x7FF8_0000_0000_0000 : $0.bitPattern }, t.y.map { $0.isNaN ? 0x7FF8_0000_0000_0000 : $0.bitPattern },
                           s.name, file: file, line: line)
        }
    }

    func read(_ json: JSONValue) throws -> ChartHistory? {
        ChartHistory(json: try JSONParser.parse(JSONWriter(pretty: false).bytes(json)))
    }

    /// history.json keeps every value of the full series (revisions anywhere are found) in a few
    /// bytes a point: 100,000 days of cents with gaps, where version 1 wrote each number as text.
    func testHistoryKeepsEveryValueInAFewBytesAPoint() throws {
        var state: UInt64 = 42
        let june1 = 1_780_272_000_000.0
        let n = 100_000
        var y: [Double] = []
        var level = 120_000.0
        for k in 0..<n {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            level += Double(Int(state >> 33) % 2001 - 1000)
            y.append(k % 997 == 5 ? .nan : Double(String(format: "%.2f", level / 100))!)
        }
        let s = Series(name: "Revenue", x: (0..<n).map { june1 + Double($0) * Self.day }, y: y,
                       firstRecord: Array(0..<n), lastRecord: Array(0..<n))
        let h = history([s], trends: ["Revenue": .increasing])
        let compact = JSONWriter(pretty: false).bytes(h.json)
        let plain = JSONWriter(pretty: false).bytes(h.json(version: 1))
        XCTAssertLessThan(compact.count, 3 * n, "\(compact.count) bytes")
        XCTAssertGreaterThan(plain.count, 8 * compact.count, "\(plain.count) against \(compact.count) bytes")
        assertSameValues(try read(h.json), h)
        XCTAssertEqual(try read(h.json)?.trends, h.trends)
        // The x column of a regular series is a few bytes whatever its length.
        let x = h.json["series"]?.arrayValue?.first?["x"]?["values"]?.stringValue ?? ""
        XCTAssertLessThan(x.count, 40, x)
        // One revised cent deep in the past is found.
        var revised = s
        revised.y[54_321] += 0.01
        XCTAssertEqual(Comparison.changes(from: try XCTUnwrap(try read(h.json)), to: history([revised], trends: ["Revenue": .increasing])),
                       [Change(kind: .revised, series: "Revenue", count: 1, x: s.x[54_321], y: revised.y[54_321], previousY: s.y[54_321])])
    }

    /// Values that are no short decimals (means of buckets), negative zero and infinities are
    /// written as binary64, and come back bit for bit; numbers and categories too.
    func testAnyDoubleComesBackBitForBit() throws {
        let odd = [1.0 / 3, -0.0, 2.5, .nan, 1e300, -.infinity, .pi]
        let small = [0.1, 0.2, 0.30000000000000004, -7, 123_456_789.123456789]
        let big = [9.007_199_254_740_993e15, 1e-12, 42]
        for ys in [odd, small, big, [], [.nan, .nan]] {
            let h = ChartHistory(xType: .number, series: [Series(name: "a", x: ys.indices.map { Double($0) * 0.5 - 3 }, y: ys,
                                                               firstRecord: Array(ys.indices), lastRecord: Array(ys.indices))])
            assertSameValues(try read(h.json), h)
        }
        let categories = ChartHistory(xType: .category, categories: ["A", "B"],
                                      series: [Series(name: "a", x: [0, 1], y: [3, 4], firstRecord: [0, 1], lastRecord: [0, 1])])
        XCTAssertEqual(try read(categories.json)?.categories, ["A", "B"])
        assertSameValues(try read(categories.json), categories)
    }

    /// A history.json of version 1 (arrays of numbers, as chartpipe wrote before the compact form)
    /// is read as before: the run after an upgrade compares with it.
    func testAVersion1HistoryIsStillRead() throws {
        let h = history([series("Revenue", [10, .nan, 12.5]), series("Costs", [3, 4, 5])], trends: ["Revenue": .increasing],
                        crossings: ["Costs": [ChartHistory.Crossing(threshold: "t", x: 1.5, upward: true)]])
        let v1 = h.json(version: 1)
        XCTAssertEqual(v1["version"]?.intValue, 1)
        XCTAssertEqual(v1["series"]?.arrayValue?.first?["x"]?.arrayValue?.count, 3)
        let read = try XCTUnwrap(try self.read(v1))
        assertSameValues(read, h)
        XCTAssertEqual(read.crossings["Costs"], h.crossings["Costs"])
        XCTAssertEqual(Comparison.changes(from: read, to: h), [])
        XCTAssertEqual(h.json["version"]?.intValue, ChartHistory.version)
    }

    /// A damaged column is no history (the chart is compared with nothing), never a crash or an
    /// endless allocation.
    func testADamagedHistoryIsNotRead() throws {
        let h = history([series("Revenue", [10, 11, 12, .nan, 14])])
        func damaged(_ change: (inout [(String, JSONValue)]) -> Void) throws -> ChartHistory? {
            guard case var .object(series) = h.json["series"]?.arrayValue?.first else { return nil }
            change(&series)
            var members = h.json.objectValue ?? []
            members[members.firstIndex { $0.0 == "series" }!].1 = .array([.object(series)])
            return try read(.object(members))
        }
        XCTAssertNotNil(try damaged { _ in })
        XCTAssertNil(try damaged { $0[$0.firstIndex { $0.0 == "count" }!].1 = 6 })
        XCTAssertNil(try damaged { $0[$0.firstIndex { $0.0 == "count" }!].1 = .int(1 << 40) })
        // A run of zeros longer than the column says.
        let run = Data([0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20]).base64EncodedString()   // 0, then 2^40 zeros more
        XCTAssertNil(HistoryColumn.values(.object([("encoding", "decimal"), ("scale", 0), ("delta", 1), ("values", .string(run))]), count: 10))
        XCTAssertNil(HistoryColumn.values(.object([("encoding", "decimal"), ("scale", 0), ("delta", 1), ("values", "gA==")]), count: 1))
        XCTAssertNil(HistoryColumn.values(.object([("encoding", "binary64"), ("values", "AAAA")]), count: 1))
        XCTAssertNil(HistoryColumn.values(.object([("encoding", "float"), ("values", "")]), count: 0))
        XCTAssertNil(HistoryColumn.values(.object([("encoding", "decimal"), ("scale", 0), ("delta", 1), ("values", ""),
                                                   ("gaps", .string(HistoryColumn.varints([3])))]), count: 2))
    }

    /// Damaged bytes of every kind (a seeded stream of random edits of real columns) read as nil
    /// or as exactly `count` values: never a crash, a trap on overflow or a read past the end.
    func testRandomlyDamagedColumnsReadAsNothingOrTheirCount() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        let days: [Double] = (0..<50).map { k in Double(k) * 86_400_000 + 1_780_272_000_000 }
        var cents: [Double] = []
        for k in 0..<50 { cents.append(k % 7 == 3 ? Double.nan : Double(k * k) / 100 - 3) }
        var means: [Double] = []
        for k in 0..<20 { means.append(k == 4 ? Double.nan : 1 / Double(k + 1)) }
        let columns: [(JSONValue, Int)] = [
            (HistoryColumn.json(days, delta: 2), 50), (HistoryColumn.json(cents, delta: 1), 50), (HistoryColumn.json(means, delta: 1), 20),
        ]
        var read = 0
        for _ in 0..<3000 {
            let (column, count) = columns[next(columns.count)]
            guard case var .object(members) = column else { continue }
            let field = ["values", "gaps"][next(2)]
            guard let k = members.firstIndex(where: { $0.0 == field }), let text = members[k].1.stringValue,
                  var bytes = Data(base64Encoded: text).map(Array.init), !bytes.isEmpty else { continue }
            for _ in 0...next(3) {
                switch next(3) {
                case 0: bytes[next(bytes.count)] = UInt8(next(256))
                case 1: bytes.insert(UInt8(next(256)), at: next(bytes.count + 1))
                default: if bytes.count > 1 { bytes.remove(at: next(bytes.count)) }
                }
            }
            members[k].1 = .string(Data(bytes).base64EncodedString())
            let claimed = [count, count + next(3) - 1, next(1 << 20)][next(3)]
            if let values = HistoryColumn.values(.object(members), count: claimed) {
                XCTAssertEqual(values.count, claimed)
                read += 1
            }
        }
        XCTAssertGreaterThan(read, 0, "some edits keep a column readable (a changed value)")
    }
}
