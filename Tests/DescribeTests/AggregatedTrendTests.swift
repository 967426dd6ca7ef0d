import Aggregate
import ChartpipeCore
import ChartpipeJSON
@testable import Describe
import Foundation
@testable import Trend
import XCTest

/// Mann-Kendall on means that `aggregate` made, against pymannkendall on the means pandas made of
/// the same committed file (Fixtures/reference/generate.py wrote aggregated-mk.json).
final class AggregatedTrendTests: XCTestCase {
    func testMannKendallOnAggregatedMeansMatchesPandasAndPymannkendall() throws {
        let url = DescribeCharts.fixtures.appendingPathComponent("reference/aggregated-mk.json")
        let reference = try JSONParser.parse(Array(try Data(contentsOf: url)))
        var checked = 0
        for (name, file, column) in [("wind", "airquality-wind-1973.csv", "wind_mph"), ("temp", "airquality-1973.csv", "temp_f"),
                                     ("ties", "equal-weekly-means.csv", "value")] {
            for every in [CalendarUnit.week, .month] {
                let expected = try XCTUnwrap(reference["\(name)-\(every.rawValue)"], "\(name)-\(every)")
                let chart = DescribeCharts.spec(id: name, title: name, yTitle: name)
                let context = try DescribeCharts.aggregated(chart, [try DescribeCharts.column(file, column)], every: .calendar(every),
                                                            op: .mean)
                let means = context.fullSeries.series[0].y
                let wanted = try XCTUnwrap(expected["means"]?.arrayValue).compactMap(\.doubleValue)
                XCTAssertEqual(means.count, wanted.count, "\(name)-\(every)")
                // The same means as pandas to the last few bits (pandas' own sums are not correctly rounded)…
                for (ours, theirs) in zip(means, wanted) { XCTAssertEqual(ours, theirs, accuracy: 1e-12 * abs(theirs)) }
                // …and the same ties, decided on 14 significant digits on both sides.
                let keys = wanted.map(MannKendall.tieKey)
                for i in wanted.indices {
                    for j in wanted.indices where j > i {
                        XCTAssertEqual(MannKendall.tieKey(means[i]) == MannKendall.tieKey(means[j]), keys[i] == keys[j], "\(name)-\(every) \(i) \(j)")
                    }
                }
                let mk = try XCTUnwrap(context[TrendKey.self]?.series[0].mannKendall)
                XCTAssertEqual(Double(mk.s), expected["s"]?.doubleValue, "\(name)-\(every)")
                // Weekly means of a summer's temperatures are serially correlated: Hamed and Rao's test.
                let reference = mk.test == .hamedRao ? try XCTUnwrap(expected["hamedRao"]) : expected
                let varS = try XCTUnwrap(reference["varS"]?.doubleValue)
                XCTAssertEqual(mk.varS, varS, accuracy: mk.test == .hamedRao ? 1e-5 * varS : 1e-9, "\(name)-\(every)")
                XCTAssertEqual(mk.p, try XCTUnwrap(reference["p"]?.doubleValue), accuracy: mk.test == .hamedRao ? 1e-6 : 1e-12, "\(name)-\(every)")
                XCTAssertEqual(mk.tau, try XCTUnwrap(expected["tau"]?.doubleValue), accuracy: 1e-12, "\(name)-\(every)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 6)
        // Four weeks of equal-weekly-means.csv have the mean 51.1; pandas leaves one at 51.10000000000001,
        // which pymannkendall on its unrounded means counts as no tie (S 36, not 35).
        let ties = try XCTUnwrap(reference["ties-week"])
        XCTAssertEqual(ties["s"]?.doubleValue, 35)
        XCTAssertEqual(ties["raw"]?["s"]?.doubleValue, 36)
    }

    func testTiesAreDecidedOnFourteenSignificantDigits() {
        XCTAssertEqual(MannKendall.tieKey(51.10000000000001), MannKendall.tieKey(51.1))
        XCTAssertNotEqual(MannKendall.tieKey(1_000_000.00001), MannKendall.tieKey(1_000_000.00002))
        XCTAssertEqual(MannKendall.tieKey(0), 0)
        XCTAssertEqual(MannKendall.tieKey(-3.5e-300), -3.5e-300)
        XCTAssertEqual(MannKendall.test([1, 2, 51.1, 51.10000000000001, 3])?.s, MannKendall.test([1, 2, 51.1, 51.1, 3])?.s)
    }
}
