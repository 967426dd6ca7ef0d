import Foundation
import XCTest
import ChartpipeCore
@testable import Aggregate
import ChartpipeJSON

/// A stream over fixed observations, in batches of `batchSize`.
final class FixedStream: ObservationStream {
    let xType: XType
    let seriesNames: [String]
    let categories: [String]
    let sourcePath = "test.csv"
    var pending: [ObservationBatch]
    var recordsRead = 0
    var recordsSkipped = 0
    var warnings: [Diagnostic] = []

    init(xType: XType, series: [String] = ["s"], categories: [String] = [],
         observations: [(series: Int32, x: Double, y: Double)], batchSize: Int = 3) {
        self.xType = xType
        self.seriesNames = series
        self.categories = categories
        var batches: [ObservationBatch] = []
        var batch = ObservationBatch()
        for (record, o) in observations.enumerated() {
            batch.append(series: o.series, x: o.x, y: o.y, record: record, line: Int32(record + 2))
            if batch.count == batchSize { batches.append(batch); batch = ObservationBatch() }
        }
        if !batch.isEmpty { batches.append(batch) }
        pending = batches
    }

    func next() throws -> ObservationBatch? { pending.isEmpty ? nil : pending.removeFirst() }
}

final class AggregateTests: XCTestCase {
    func chart(zone: String = "UTC", type: XType = .time) -> ChartSpec {
        ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                  x: XSpec(field: "t", type: type, zone: zone), y: YSpec(fields: ["v"]),
                  location: SourceLocation(path: "p.pipeline", line: 3, column: 5))
    }

    /// Epoch ms of an ISO 8601 instant.
    func ms(_ text: String) -> Double {
        let f = ISO8601DateFormatter()
        guard let date = f.date(from: text) else { XCTFail("bad date \(text)"); return .nan }
        return date.timeIntervalSince1970 * 1000
    }

    func fold(_ every: JSONValue?, _ op: String, _ obs: [(Int32, Double, Double)], zone: String = "UTC",
              type: XType = .time, series: [String] = ["s"], more: [String: JSONValue] = [:]) throws -> SeriesSet {
        let stream = FixedStream(xType: type, series: series, observations: obs.map { (series: $0.0, x: $0.1, y: $0.2) })
        var options: [String: JSONValue] = more
        options["op"] = .string(op)
        if let every { options["every"] = every }
        return try Aggregate(options: StageOptions(options)).fold(stream, chart: chart(zone: zone, type: type),
                                                                   cancellation: Cancellation()).data
    }

    func testDaysFollowTheZoneAcrossTheSpringDaylightSavingChange() throws {
        // 2020-03-08 in New York has 23 hours: midnight EST is 05:00Z, the next midnight (EDT) 04:00Z.
        let obs: [(Int32, Double, Double)] = [
            (0, ms("2020-03-08T05:00:00Z"), 1), (0, ms("2020-03-09T03:59:59Z"), 2), (0, ms("2020-03-09T04:00:00Z"), 10),
        ]
        let s = try fold("day", "sum", obs, zone: "America/New_York").series[0]
        XCTAssertEqual(s.x, [ms("2020-03-08T05:00:00Z"), ms("2020-03-09T04:00:00Z")])
        XCTAssertEqual(s.y, [3, 10])
        XCTAssertEqual(s.firstRecord, [0, 2])
        XCTAssertEqual(s.lastRecord, [1, 2])
    }

    func testHoursAcrossTheNovemberChangeKeepBothOneOClocks() throws {
        // 2020-11-01 01:00 happens twice in New York (EDT, then EST): two buckets, one hour apart.
        let obs: [(Int32, Double, Double)] = [
            (0, ms("2020-11-01T05:10:00Z"), 1), (0, ms("2020-11-01T06:10:00Z"), 2), (0, ms("2020-11-01T07:10:00Z"), 3),
        ]
        let s = try fold("hour", "max", obs, zone: "America/New_York").series[0]
        XCTAssertEqual(s.x, [ms("2020-11-01T05:00:00Z"), ms("2020-11-01T06:00:00Z"), ms("2020-11-01T07:00:00Z")])
        // The 25-hour day holds all three.
        let day = try fold("day", "count", obs, zone: "America/New_York").series[0]
        XCTAssertEqual(day.x, [ms("2020-11-01T04:00:00Z")])
        XCTAssertEqual(day.y, [3])
    }

    func testISOWeek53StartsOnMonday() throws {
        // 2020-12-28 (Monday) to 2021-01-03 is ISO week 53 of 2020; 2021-01-04 starts week 1.
        let obs: [(Int32, Double, Double)] = [
            (0, ms("2020-12-28T00:00:00Z"), 1), (0, ms("2021-01-03T23:59:59Z"), 3), (0, ms("2021-01-04T00:00:00Z"), 5),
        ]
        let s = try fold("week", "mean", obs).series[0]
        XCTAssertEqual(s.x, [ms("2020-12-28T00:00:00Z"), ms("2021-01-04T00:00:00Z")])
        XCTAssertEqual(s.y, [2, 5])
    }

    func testLeapDayIsItsOwnDayAndFebruaryHasTwentyNineDays() throws {
        let obs: [(Int32, Double, Double)] = [
            (0, ms("2020-02-28T12:00:00Z"), 1), (0, ms("2020-02-29T12:00:00Z"), 2), (0, ms("2020-03-01T00:00:00Z"), 4),
        ]
        XCTAssertEqual(try fold("day", "sum", obs).series[0].x,
                       [ms("2020-02-28T00:00:00Z"), ms("2020-02-29T00:00:00Z"), ms("2020-03-01T00:00:00Z")])
        let months = try fold("month", "sum", obs).series[0]
        XCTAssertEqual(months.x, [ms("2020-02-01T00:00:00Z"), ms("2020-03-01T00:00:00Z")])
        XCTAssertEqual(months.y, [3, 4])
    }

    func testQuartersAndYearsInAZone() throws {
        let obs: [(Int32, Double, Double)] = [
            (0, ms("2021-03-31T23:30:00Z"), 1), (0, ms("2021-04-01T00:30:00Z"), 2),
        ]
        // In Seoul (UTC+9) both instants fall on April 1: one quarter.
        let q = try fold("quarter", "count", obs, zone: "Asia/Seoul").series[0]
        XCTAssertEqual(q.x, [ms("2021-03-31T15:00:00Z")])
        XCTAssertEqual(q.y, [2])
        let utc = try fold("quarter", "count", obs).series[0]
        XCTAssertEqual(utc.x, [ms("2021-01-01T00:00:00Z"), ms("2021-04-01T00:00:00Z")])
        XCTAssertEqual(try fold("year", "count", obs).series[0].y, [2])
    }

    func testEmptyBucketsAreLeftOutUnlessAskedFor() throws {
        let obs: [(Int32, Double, Double)] = [(0, ms("2020-01-01T10:00:00Z"), 4), (0, ms("2020-01-04T10:00:00Z"), 6)]
        // A day no row falls in is not a missing value: by default it is no point at all.
        let skipped = try fold("day", "mean", obs).series[0]
        XCTAssertEqual(skipped.x, [ms("2020-01-01T00:00:00Z"), ms("2020-01-04T00:00:00Z")])
        XCTAssertEqual(skipped.y, [4, 6])
        XCTAssertEqual(try fold("day", "count", obs).series[0].y, [1, 1])

        let gaps = try fold("day", "mean", obs, more: ["empty": "gap"]).series[0]
        XCTAssertEqual(gaps.count, 4)
        XCTAssertEqual(gaps.y[0], 4)
        XCTAssertTrue(gaps.y[1].isNaN && gaps.y[2].isNaN)
        XCTAssertEqual(gaps.y[3], 6)
        XCTAssertEqual(gaps.firstRecord, [0, -1, -1, 1])
        XCTAssertTrue(try fold("day", "count", obs, more: ["empty": "gap"]).series[0].y[1].isNaN)

        let zeros = try fold("day", "sum", obs, more: ["empty": "zero"]).series[0]
        XCTAssertEqual(zeros.y, [4, 0, 0, 6])
        XCTAssertEqual(zeros.lastRecord, [0, -1, -1, 1])
        XCTAssertEqual(try fold(2.5, "count", [(0, 0.5, 1), (0, 8, 1)], type: .number, more: ["empty": "zero"]).series[0].y,
                       [1, 0, 0, 1])
    }

    func testSparseBinsDoNotRunAway() throws {
        // 0, 1, 2 and 1e12 in bins of 1 once made a trillion empty buckets.
        let obs: [(Int32, Double, Double)] = [(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 1e12, 4)]
        let s = try fold(1, "sum", obs, type: .number).series[0]
        XCTAssertEqual(s.x, [0, 1, 2, 1e12])
        XCTAssertEqual(s.y, [1, 2, 3, 4])
        XCTAssertThrowsError(try fold(1, "sum", obs, type: .number, more: ["empty": "gap"])) { error in
            XCTAssertEqual((error as? ChartError)?.code, "aggregate.too-many-buckets")
            XCTAssertEqual("\(error)", "error: field 'maxBuckets': with \"empty\": \"gap\", the buckets from 0 to 1000000000000 make 1000000000001 points, more than 5000000, the limit of 'maxBuckets'; use a larger 'every', \"empty\": \"skip\" to leave empty buckets out, or raise 'maxBuckets' in the aggregate stage's options if the chart is right")
        }
        // The limit is an option: the same bins fit once it is raised, and a lower one counts filled buckets too.
        let wide: [(Int32, Double, Double)] = [(0, 0, 1), (0, 99, 2)]
        XCTAssertEqual(try fold(1, "sum", wide, type: .number, more: ["empty": "zero", "maxBuckets": 100]).series[0].count, 100)
        XCTAssertThrowsError(try fold(1, "sum", wide, type: .number, more: ["empty": "zero", "maxBuckets": 99]))
        XCTAssertThrowsError(try fold(1, "sum", obs, type: .number, more: ["maxBuckets": 3])) { error in
            XCTAssertEqual("\(error)", "error: field 'maxBuckets': the data falls into more than 3 buckets, the limit of 'maxBuckets'; use a larger 'every', or raise 'maxBuckets' in the aggregate stage's options if the chart is right")
        }
    }

    func testCalendarGapsAreBoundedBeforeAnyCalendarWalk() throws {
        let obs: [(Int32, Double, Double)] = [(0, ms("1970-01-01T00:00:00Z"), 1), (0, ms("2020-01-01T00:00:00Z"), 2)]
        XCTAssertEqual(try fold("hour", "sum", obs).series[0].count, 2)
        XCTAssertThrowsError(try fold("hour", "sum", obs, more: ["empty": "gap", "maxBuckets": 1000])) { error in
            XCTAssertEqual("\(error)", "error: field 'maxBuckets': with \"empty\": \"gap\", the buckets from 1970-01-01T00:00:00Z to 2020-01-01T00:00:00Z make at least 219145 points, more than 1000, the limit of 'maxBuckets'; use a larger 'every', \"empty\": \"skip\" to leave empty buckets out, or raise 'maxBuckets' in the aggregate stage's options if the chart is right")
        }
        // Below the estimate, the walk itself counts: 49 days of hours are more than 1000.
        let weeks: [(Int32, Double, Double)] = [(0, ms("2020-01-01T00:00:00Z"), 1), (0, ms("2020-02-19T00:00:00Z"), 2)]
        XCTAssertThrowsError(try fold("hour", "sum", weeks, more: ["empty": "gap", "maxBuckets": 1000])) { error in
            XCTAssertTrue("\(error)".contains("the buckets make more than 1000 points"), "\(error)")
        }
    }

    func testBinWidthTooSmallForTheDataIsRefused() throws {
        // 1e-300 passed validation and looped forever: 1 / 1e-300 has no bin of its own.
        let obs: [(Int32, Double, Double)] = [(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 1e12, 4)]
        XCTAssertThrowsError(try fold(1e-300, "sum", obs, type: .number)) { error in
            XCTAssertEqual((error as? ChartError)?.code, "aggregate.width-too-small")
            XCTAssertEqual("\(error)", "test.csv:3: error: field 't': 'every' 1e-300 is too small for the x value 1: x divided by 'every' must stay below 2^50 (about 1.1e15) for its bin to have a start of its own; set 'every' to at least 8.881784197001252e-16")
        }
        // The same width suits x values near zero: the bins are told apart.
        XCTAssertEqual(try fold(1e-300, "sum", [(0, 0, 1), (0, 3e-300, 2)], type: .number, more: ["empty": "gap"]).series[0].count, 4)
    }

    func testOpsSkipMissingValues() throws {
        let t = ms("2020-05-05T00:00:00Z")
        // Out of x order on purpose: first and last follow x, not arrival.
        let obs: [(Int32, Double, Double)] = [(0, t + 3, 9), (0, t + 1, 4), (0, t + 2, .nan), (0, t + 4, 1), (0, t + 5, 6)]
        let expected: [String: Double] = ["sum": 20, "mean": 5, "median": 5, "min": 1, "max": 9, "count": 4, "first": 4, "last": 6]
        for (op, value) in expected {
            XCTAssertEqual(try fold("day", op, obs).series[0].y, [value], op)
        }
        let onlyMissing = try fold("day", "sum", [(0, t, .nan)]).series[0]
        XCTAssertTrue(onlyMissing.y[0].isNaN, "a bucket of missing values is a gap, never zero")
        XCTAssertEqual(onlyMissing.firstRecord, [0])
    }

    /// Sums and means are compensated: the same values in any order give the same double, and
    /// values that cancel leave what a naive running sum loses (0.1 × 10 is 1, 1e16 + 1 − 1e16 is 1).
    func testSumsAndMeansAreCompensated() throws {
        let t = ms("2020-05-05T00:00:00Z")
        let tenths: [(Int32, Double, Double)] = (0..<10).map { (0, t + Double($0), 0.1) }
        XCTAssertEqual(try fold("day", "sum", tenths).series[0].y, [1])
        let cancelling: [(Int32, Double, Double)] = [(0, t, 1e16), (0, t + 1, 1), (0, t + 2, -1e16)]
        XCTAssertEqual(try fold("day", "sum", cancelling).series[0].y, [1])
        let values = [51.3, 50.9, 51.1, 51.2, 51.0, 50.9, 51.3]
        let forward = try fold("day", "mean", values.enumerated().map { (0, t + Double($0.offset), $0.element) })
        let backward = try fold("day", "mean", values.reversed().enumerated().map { (0, t + Double($0.offset), $0.element) })
        XCTAssertEqual(forward.series[0].y, backward.series[0].y)
    }

    func testNumericBinsAndSeriesOrder() throws {
        let obs: [(Int32, Double, Double)] = [(1, 0.5, 1), (0, 2.4, 2), (0, 0.1, 3), (1, 7.9, 4), (0, 2.6, 5)]
        let set = try fold(2.5, "sum", obs, type: .number, series: ["a", "b"], more: ["empty": "gap", "origin": 0])
        XCTAssertEqual(set.series.map(\.name), ["a", "b"])
        XCTAssertEqual(set.series[0].x, [0, 2.5])
        XCTAssertEqual(set.series[0].y, [5, 5])
        XCTAssertEqual(set.series[1].x, [0, 2.5, 5, 7.5])
        XCTAssertEqual(set.series[1].y[0], 1)
        XCTAssertTrue(set.series[1].y[1].isNaN)
        XCTAssertEqual(set.series[1].y[3], 4)
    }

    /// A value written on a bin edge belongs to the bin it starts (pandas' `pd.cut(..., right=False)`,
    /// `[0.3, 0.4)`), although 0.3 / 0.1 is 2.9999999999999996 in binary; starts are the decimals
    /// the pipeline means, not 0.30000000000000004 (found on ggplot2's diamonds, every: 0.1).
    func testValuesOnADecimalBinEdgeStartTheirBin() throws {
        let carats = ["0.2", "0.23", "0.3", "0.3", "0.31", "0.6", "0.7", "0.7", "1.1", "-0.3", "-0.1"]
        let obs = carats.enumerated().map { (Int32(0), Double($0.element) ?? .nan, Double($0.offset + 1)) }
        let set = try fold(0.1, "count", obs, type: .number, more: ["empty": "gap"])
        let text = set.series[0].x.map { "\($0)" }
        XCTAssertEqual(Array(text.prefix(2)), ["-0.3", "-0.2"])
        let counts = Dictionary(uniqueKeysWithValues: zip(text, set.series[0].y))
        XCTAssertEqual(counts["-0.3"], 1)
        XCTAssertEqual(counts["-0.1"], 1)
        XCTAssertEqual(counts["0.2"], 2)
        XCTAssertEqual(counts["0.3"], 3)
        XCTAssertEqual(counts["0.6"], 1)
        XCTAssertEqual(counts["0.7"], 2)
        XCTAssertEqual(counts["1.1"], 1)
        // Gap points fill the empty bins between, at decimal starts too.
        XCTAssertEqual(text.count, 15)
        XCTAssertTrue(text.allSatisfy { $0.count <= 4 }, "\(text)")
    }

    /// Against exact integer arithmetic: x = n / 10^d and w = u / 10^d as decimals, so x's bin is
    /// floor(n / u), for many decimal widths and values on and off the edges.
    func testDecimalBinsMatchExactArithmetic() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let places = Int.random(in: 0...6, using: &generator)
            var scale = 1
            for _ in 0..<places { scale *= 10 }
            let u = Int.random(in: 1...999, using: &generator)
            let n = Int.random(in: -5_000_000...5_000_000, using: &generator) / (Bool.random(using: &generator) ? u : 1) * (Bool.random(using: &generator) ? u : 1)
            let w = Double("\(Double(u) / Double(scale))") ?? .nan
            let x = Double(decimal(n, places)) ?? .nan
            let k = Int((Double(n) / Double(u)).rounded(.down))
            let exact = n >= 0 || n % u == 0 ? n / u : n / u - 1
            XCTAssertEqual(Int(NumberBins(width: w).index(of: x)), exact, "x \(decimal(n, places)), every \(w), float floor \(k)")
            XCTAssertEqual(NumberBins(width: w).binStart(of: x), Double(decimal(exact * u, places)), "x \(decimal(n, places)), every \(w)")
        }
    }

    /// `n / 10^places` written as decimal text.
    private func decimal(_ n: Int, _ places: Int) -> String {
        guard places > 0 else { return String(n) }
        let digits = String(abs(n)), padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return (n < 0 ? "-" : "") + padded.dropLast(places) + "." + padded.suffix(places)
    }

    func testCategoriesAreGroupedByLabel() throws {
        let obs: [(Int32, Double, Double)] = [(0, 1, 1), (0, 0, 2), (0, 1, 3)]
        let s = try fold(nil, "sum", obs, type: .category).series[0]
        XCTAssertEqual(s.x, [0, 1])
        XCTAssertEqual(s.y, [2, 4])
        XCTAssertEqual(s.firstRecord, [1, 0])
        XCTAssertEqual(s.lastRecord, [1, 2])
    }

    func testMissingOrWrongEveryIsAnError() {
        XCTAssertThrowsError(try fold(nil, "sum", [(0, 0, 1)])) { XCTAssertTrue("\($0)".contains("every"), "\($0)") }
        XCTAssertThrowsError(try fold("day", "sum", [(0, 0, 1)], type: .number))
        XCTAssertThrowsError(try fold(5, "sum", [(0, 0, 1)]))
        XCTAssertThrowsError(try fold("day", "sum", [(0, 0, 1)], zone: "Mars/Olympus")) { XCTAssertTrue("\($0)".contains("Mars/Olympus")) }
    }

    func testManyObservationsStayWithinTheirBuckets() throws {
        // Every minute for 240 hours from midnight in New York: the 23-hour March 8 pushes the last
        // hour into an eleventh local day.
        let start = ms("2020-03-04T05:00:00Z")
        let obs: [(Int32, Double, Double)] = (0..<(10 * 1440)).map { (0, start + Double($0) * 60_000, 1) }
        let s = try fold("day", "count", obs, zone: "America/New_York").series[0]
        XCTAssertEqual(s.count, 11)
        XCTAssertEqual(s.y.reduce(0, +), Double(obs.count))
        XCTAssertEqual(s.y[4], 1380, "the 23-hour day")
        XCTAssertEqual(s.y[10], 60)
        XCTAssertEqual(s.x[5] - s.x[4], 23 * 3_600_000)
    }
}

/// A bucket is partial only when the data covers less of it than of a typical bucket (issue 31).
final class PartialBucketTests: XCTestCase {
    func edges(_ obs: [(Int32, Double, Double)], every: String) throws -> (first: Bool, last: Bool, warnings: Int) {
        let stream = FixedStream(xType: .time, observations: obs.map { (series: $0.0, x: $0.1, y: $0.2) })
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "t", type: .time, zone: "UTC"), y: YSpec(fields: ["v"]),
                              location: SourceLocation(path: "p.pipeline", line: 3, column: 5))
        let result = try Aggregate(options: StageOptions(["every": .string(every), "op": .string("mean")]))
            .fold(stream, chart: chart, cancellation: Cancellation())
        let aggregation = try XCTUnwrap(result[AggregationKey.self])
        return (aggregation.partialFirst, aggregation.partialLast, result.warnings.filter { $0.code == "aggregate.partial-bucket" }.count)
    }

    /// Flights from 05:00 to 23:00 every day: no day is partial, the first and the last included.
    func testEveryDayStartingAtFiveIsNoPartialDay() throws {
        let day = 86_400_000.0, hour = 3_600_000.0
        var obs: [(Int32, Double, Double)] = []
        for d in 0..<6 { for h in 5...23 { obs.append((0, Double(d) * day + Double(h) * hour, Double(h))) } }
        let e = try edges(obs, every: "day")
        XCTAssertFalse(e.first)
        XCTAssertFalse(e.last)
        XCTAssertEqual(e.warnings, 0)
    }

    /// Daily data from a Thursday (1970-01-01) to a Tuesday: both its first and last weeks are partial.
    func testDailyDataFromMidweekLeavesItsWeeksPartial() throws {
        let day = 86_400_000.0
        let obs: [(Int32, Double, Double)] = (0..<26).map { (0, Double($0) * day, Double($0)) }
        let e = try edges(obs, every: "week")
        XCTAssertTrue(e.first)
        XCTAssertTrue(e.last)
        XCTAssertEqual(e.warnings, 2)
    }
}

/// Number bins start at the data unless an `origin` says otherwise, and a chart can leave
/// aggregation off (issue 31).
final class BinOriginTests: XCTestCase {
    func fold(_ every: JSONValue, _ obs: [(Int32, Double, Double)], type: XType = .number,
              more: [String: JSONValue] = [:]) throws -> FoldResult {
        let stream = FixedStream(xType: type, observations: obs.map { (series: $0.0, x: $0.1, y: $0.2) })
        var options = more
        options["every"] = every
        options["op"] = .string("mean")
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "t", type: type, zone: "UTC"), y: YSpec(fields: ["v"]),
                              location: SourceLocation(path: "p.pipeline", line: 3, column: 5))
        return try Aggregate(options: StageOptions(options)).fold(stream, chart: chart, cancellation: Cancellation())
    }

    /// Gapminder's years 1952, 1957, … 2007: in fives from 0 they were bins 1950–1954 … 2005–2009.
    func testNumberBinsStartAtTheFirstXByDefault() throws {
        let years = stride(from: 1952.0, through: 2007, by: 5).map { $0 }
        let obs = years.enumerated().map { (Int32(0), $0.element, Double($0.offset)) }
        XCTAssertEqual(try fold(5, obs).data.series[0].x, years)
        XCTAssertEqual(try fold(1, obs).data.series[0].x, years)
        let decades = try fold(10, obs).data.series[0]
        XCTAssertEqual(decades.x, stride(from: 1952.0, through: 2002, by: 10).map { $0 })
        XCTAssertEqual(decades.y.first, 0.5)
        // An origin counts the bins from it.
        XCTAssertEqual(try fold(5, obs, more: ["origin": 0]).data.series[0].x, stride(from: 1950.0, through: 2005, by: 5).map { $0 })
        XCTAssertEqual(try fold(5, obs, more: ["origin": 1953]).data.series[0].x.first, 1948)
        // Each bin is named by the data it holds: one year each, none beyond 2007.
        let extents = try XCTUnwrap(fold(5, obs)[AggregationKey.self]?.binExtents)
        XCTAssertEqual(extents[1952], 1952...1952)
        XCTAssertEqual(extents.values.map(\.upperBound).max(), 2007)
    }

    /// A first x that is a decimal keeps the bin starts decimals: from 0.15 in tenths the fourth bin
    /// starts at 0.45, not 0.15 + 0.3 = 0.44999999999999996.
    func testADecimalFirstXKeepsDecimalStarts() throws {
        let obs: [(Int32, Double, Double)] = [(0, 0.15, 1), (0, 0.27, 2), (0, 0.36, 3), (0, 0.47, 4), (0, 0.05, 5)]
        let x = try fold(0.1, obs).data.series[0].x
        XCTAssertEqual(x.map { "\($0)" }, ["0.05", "0.15", "0.25", "0.35", "0.45"])
        XCTAssertEqual(NumberBins(width: 0.1, origin: 0.15).start(3), 0.45)
    }

    /// `every: "none"` (a chart's override of a pipeline's aggregate) keeps the points as read,
    /// and says nothing was aggregated.
    func testAChartCanLeaveAggregationOff() throws {
        let obs: [(Int32, Double, Double)] = [(0, 1952, 28.8), (0, 1957, 30.3), (0, 1962, 32)]
        let off = try fold("none", obs)
        XCTAssertEqual(off.data.series[0].x, [1952, 1957, 1962])
        XCTAssertEqual(off.data.series[0].y, [28.8, 30.3, 32])
        XCTAssertNil(off[AggregationKey.self])
        let t = Double(TimeText.days(year: 2013, month: 1, day: 1)) * 86_400_000
        let times = try fold("none", [(0, t, 1), (0, t + 3_600_000, 2)], type: .time).data.series[0]
        XCTAssertEqual(times.x, [t, t + 3_600_000])
        XCTAssertNoThrow(try Aggregate(options: StageOptions(["every": "none"])).check(chart: ChartSpec(
            id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
            x: XSpec(field: "t", type: .time, zone: "UTC"), y: YSpec(fields: ["v"]), location: SourceLocation(path: "p.pipeline"))))
        XCTAssertEqual(BucketSize(optionValue: "none"), BucketSize.none)
    }
}
