import Aggregate
import ChartpipeCore
import ChartpipeJSON
@testable import Describe
import Foundation
import XCTest

/// Every claim of the English summary and statistics of real charts against pandas and
/// pymannkendall (issue 31): Alaska Airlines' daily mean departure delay from New York in 2013,
/// aggregated by `aggregate` from the flights (Fixtures/data/as-departures-2013.csv), with a
/// threshold of one hour; yearly sunspot numbers. Fixtures/reference/claims.py wrote claims.json
/// from the same files.
final class RealClaimTests: XCTestCase {
    /// The numbers of a sentence in order ("−14", "5.84", "1,234"), dates' days and years included.
    func numbers(_ text: Substring) -> [Double] {
        var out: [Double] = [], current = ""
        func flush() {
            while current.last == "." || current.last == "," { current.removeLast() }
            if let v = Double(current.replacingOccurrences(of: ",", with: "")) { out.append(v) }
            current = ""
        }
        for c in text {
            if c.isNumber || c == "." || (c == "," && !current.isEmpty) || ((c == "−" || c == "-") && current.isEmpty) {
                current.append(c == "−" ? "-" : c)
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    /// "January 27" for "2013-01-27".
    func day(_ iso: String?) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        let parts = (iso ?? "").split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "?" }
        return "\(months[parts[1] - 1]) \(parts[2])"
    }

    func testEveryClaimOfTheEnglishSummaryAndStatisticsMatchesPandas() throws {
        let url = DescribeCharts.fixtures.appendingPathComponent("reference/claims.json")
        let reference = try JSONParser.parse(Array(try Data(contentsOf: url)))
        func number(_ path: String...) throws -> Double {
            var v: JSONValue? = reference
            for key in path { v = v?[key] }
            return try XCTUnwrap(v?.doubleValue, path.joined(separator: "."))
        }
        let chart = DescribeCharts.spec(id: "as-delay", title: "Alaska Airlines departure delay", yTitle: "Departure delay",
                                        thresholds: [("one hour", 60)])
        var context = try DescribeCharts.aggregated(chart, [try DescribeCharts.column("as-departures-2013.csv", "dep_delay")],
                                                    every: .calendar(.day), op: .mean, locales: ["en"])
        try Describe(["points": "none"]).run(&context)
        let en = try XCTUnwrap(context[DescriptionsKey.self]?["en"])

        // The daily means are pandas' (to rounding of sums in another order).
        let means = context.fullSeries.series[0].y
        let wanted = reference["means"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        XCTAssertEqual(means.count, wanted.count)
        for (ours, theirs) in zip(means, wanted) { XCTAssertEqual(ours, theirs, accuracy: 1e-9) }

        // Summary: no trend (the test used), the range of the daily means with their days, the year.
        let mk = try XCTUnwrap(context[TrendKey.self]?.series[0].mannKendall)
        let verdict = reference[mk.test == .hamedRao ? "hamedRao" : "original"]
        XCTAssertEqual(mk.trend.rawValue, verdict?["trend"]?.stringValue)
        XCTAssertEqual(mk.p, try XCTUnwrap(verdict?["p"]?.doubleValue), accuracy: 1e-6)
        XCTAssertEqual(en.summary, "The chart “Alaska Airlines departure delay” shows the departure delay by date. From January 1 to December 31, 2013, "
                       + "the departure delay showed no significant trend; the daily mean ranged from \(Self.minus(try number("lowest", "value"))) "
                       + "(\(day(reference["lowest"]?["first"]?.stringValue))) to \(Int(try number("highest", "value"))) "
                       + "(\(day(reference["highest"]?["first"]?.stringValue))).")

        // Statistics, sentence by sentence.
        let statistics = en.statistics
        let center = try XCTUnwrap(statistics.first { $0.hasPrefix("Of the daily means of the departure delay,") }, "\(statistics)")
        let c = numbers(center[center.firstIndex(of: ",")!...])
        guard c.count == 3 else { return XCTFail(center) }
        XCTAssertEqual(c[0], try number("mean"), accuracy: 0.005, center)
        XCTAssertEqual(c[1], try number("median"), accuracy: 0.005, center)
        XCTAssertEqual(c[2], try number("stdev"), accuracy: 0.005, center)

        let trend = try XCTUnwrap(statistics.first { $0.contains("Mann-Kendall") || $0.contains("no significant") }, "\(statistics)")
        XCTAssertTrue(trend.contains("no significant"), trend)

        // Ties: the lowest daily mean is held by more than one day; the highest by one, which says nothing more.
        let lowestCount = try number("lowest", "count")
        XCTAssertGreaterThan(lowestCount, 1)
        XCTAssertTrue(statistics.contains("The lowest value of the departure delay, \(Self.minus(try number("lowest", "value"))), occurred "
                                          + "\(Int(lowestCount)) times, first on \(day(reference["lowest"]?["first"]?.stringValue))."), "\(statistics)")
        XCTAssertEqual(try number("highest", "count"), 1)
        XCTAssertFalse(statistics.contains { $0.hasPrefix("The highest value of") }, "\(statistics)")

        // Episodes above one hour: runs of days above 60, not crossings.
        let episodes = Int(try number("above60", "episodes"))
        XCTAssertTrue(statistics.contains("The departure delay rose above the one hour threshold (60) \(episodes) times, first on "
                                          + "\(day(reference["above60"]?["first"]?.stringValue))."), "\(statistics)")
        // Nothing else is claimed: center, trend, ties, episodes and the outliers (checked by OutlierTests' rule).
        let known = statistics.filter { $0 == center || $0 == trend || $0.hasPrefix("The lowest value") || $0.contains("rose above the one hour threshold") }
        for other in statistics where !known.contains(other) {
            XCTAssertTrue(other.contains("outlier") || other.contains("Sen"), "an unchecked claim: \(other)")
        }
    }

    /// Yearly sunspot numbers (R's sunspot.year): the summary's change, extremes and cycle, and every
    /// statistic, against pandas and pymannkendall.
    func testEveryClaimAboutYearlySunspotsMatchesPandas() throws {
        let url = DescribeCharts.fixtures.appendingPathComponent("reference/claims.json")
        let reference = try XCTUnwrap(JSONParser.parse(Array(try Data(contentsOf: url)))["sunspots"])
        func number(_ path: String...) throws -> Double {
            var v: JSONValue? = reference
            for key in path { v = v?[key] }
            return try XCTUnwrap(v?.doubleValue, path.joined(separator: "."))
        }
        func year(_ key: String) throws -> Int { Int(try number(key, "year")) }
        var context = try DescribeCharts.sunspots()
        try Describe(["points": "none"]).run(&context)
        let en = try XCTUnwrap(context[DescriptionsKey.self]?["en"])
        let mk = try XCTUnwrap(context[TrendKey.self]?.series[0].mannKendall)
        let verdict = try XCTUnwrap(reference[mk.test == .hamedRao ? "hamedRao" : "original"])
        XCTAssertEqual(verdict["trend"]?.stringValue, "increasing")
        // The ends' ratio, to one decimal, as a multiple; the extremes with their years; the cycle's last peak.
        let ratio = Self.minus((try number("ratio") * 10).rounded() / 10)
        XCTAssertEqual(en.summary, "The chart “Yearly sunspot numbers” shows the sunspot number by year. From \(try year("first")) to \(try year("last")), "
                       + "the sunspot number rose \(ratio)-fold from \(Self.minus(try number("first", "value"))) to \(Self.minus(try number("last", "value"))); "
                       + "the highest value was \(Self.minus(try number("highest", "value"))) (\(try year("highest"))) and the lowest "
                       + "\(Self.minus(try number("lowest", "value"))) (\(try year("lowest"))). The sunspot number rises and falls in a cycle of about 11 years; "
                       + "the last peak was in \(try year("lastPeak")) (\(Self.minus(try number("lastPeak", "value"))))." )
        let statistics = en.statistics
        let center = try XCTUnwrap(statistics.first { $0.hasPrefix("The sunspot number: the mean is") }, "\(statistics)")
        let c = numbers(center[center.firstIndex(of: ":")!...])
        guard c.count == 3 else { return XCTFail(center) }
        XCTAssertEqual(c[0], try number("mean"), accuracy: 0.005, center)
        XCTAssertEqual(c[1], try number("median"), accuracy: 0.005, center)
        XCTAssertEqual(c[2], try number("stdev"), accuracy: 0.005, center)
        XCTAssertTrue(statistics.contains("The lowest value of the sunspot number, \(Self.minus(try number("lowest", "value"))), occurred "
                                          + "\(Int(try number("lowest", "count"))) times, first in \(try year("lowest"))."), "\(statistics)")
        let test = try XCTUnwrap(statistics.first { $0.contains("Mann-Kendall") }, "\(statistics)")
        XCTAssertTrue(test.contains("significant increasing trend"), test)
        let t = numbers(test[test.firstIndex(of: "(")!...])
        guard t.count == 2 else { return XCTFail(test) }
        XCTAssertEqual(t[0], try XCTUnwrap(verdict["p"]?.doubleValue), accuracy: 0.00005, test)
        XCTAssertEqual(t[1], try number("original", "tau"), accuracy: 0.005, test)
        let sen = try XCTUnwrap(statistics.first { $0.contains("Sen's slope") }, "\(statistics)")
        XCTAssertTrue(sen.hasPrefix("The sunspot number rose by a median of"), sen)
        XCTAssertEqual(numbers(sen[...]).first ?? .nan, try number("sen"), accuracy: 0.0005, sen)
        let cycle = try XCTUnwrap(statistics.first { $0.contains("cycle") }, "\(statistics)")
        XCTAssertTrue(en.summary.contains(cycle), cycle)
        for other in statistics where ![center, test, sen, cycle].contains(other) {
            XCTAssertTrue(other.hasPrefix("The lowest value of the sunspot number"), "an unchecked claim: \(other)")
        }
    }

    /// -14, as the English description writes a negative number.
    static func minus(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
