import ChartpipeCore
@testable import Downsample
import Foundation
import XCTest

/// Bars folded into calendar periods: when a period is partial, and what the fold tells the stages after it.
final class BarPeriodsTests: XCTestCase {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let day = 86_400_000.0

    /// Epoch milliseconds of a UTC date.
    static func ms(_ year: Int, _ month: Int, _ day: Int) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
        return date.timeIntervalSince1970 * 1000
    }

    /// Quarter starts (Jan, Apr, Jul, Oct 1) from `first` to `last`, each quarter's index as its value.
    static func quarters(_ first: (Int, Int), _ last: (Int, Int)) -> SeriesSet {
        var s = Series(name: "eps")
        var i = 0
        for year in first.0...last.0 {
            for q in 1...4 where (year, q) >= first && (year, q) <= last {
                s.append(x: ms(year, 3 * q - 2, 1), y: Double(i), firstRecord: i, lastRecord: i)
                i += 1
            }
        }
        return SeriesSet(xType: .time, series: [s])
    }

    /// Review claim 2: 1980 has all four quarters, so it is whole though its last x is October 1.
    func testYearsOfFourQuartersAreWhole() {
        let folded = BarPeriods(unit: "year", zone: Self.utc).fold(Self.quarters((1960, 1), (1980, 4)), op: "mean")
        XCTAssertEqual(folded.set.series[0].count, 21)
        XCTAssertFalse(folded.partialFirst)
        XCTAssertFalse(folded.partialLast)
        XCTAssertEqual(folded.perBar, 4)
        XCTAssertEqual(folded.set.series[0].y.first, 1.5)
    }

    func testYearsMissingQuartersArePartial() {
        let folded = BarPeriods(unit: "year", zone: Self.utc).fold(Self.quarters((1960, 2), (1980, 3)), op: "mean")
        XCTAssertTrue(folded.partialFirst)
        XCTAssertTrue(folded.partialLast)
        let fromJuly = BarPeriods(unit: "year", zone: Self.utc).fold(Self.quarters((1960, 3), (1980, 1)), op: "sum")
        XCTAssertTrue(fromJuly.partialFirst)
        XCTAssertTrue(fromJuly.partialLast)
    }

    /// A period is measured by its own length: February's 28 days are a whole month of daily data.
    func testAShortMonthOfDailyDataIsWhole() {
        let counts = [28, 31, 30, 31, 30]
        let lengths = [28, 31, 30, 31, 30].map { Double($0) * Self.day }
        let edges = BarPeriods.partialEdges(counts: counts, lengths: lengths)
        XCTAssertFalse(edges.first)
        XCTAssertFalse(edges.last)
        XCTAssertEqual(edges.typical, 31)
        let late = BarPeriods.partialEdges(counts: [27, 31, 30, 31, 29], lengths: lengths)
        XCTAssertTrue(late.first)
        XCTAssertTrue(late.last)
        // Two periods: the fuller one is typical.
        XCTAssertEqual(BarPeriods.partialEdges(counts: [4, 2], lengths: [365, 365].map { $0 * Self.day }).last, true)
        XCTAssertEqual(BarPeriods.partialEdges(counts: [4, 4], lengths: [365, 366].map { $0 * Self.day }).last, false)
    }

    func testSamplingUnits() {
        XCTAssertEqual(BarPeriods.samplingUnit(step: Self.day), "day")
        XCTAssertEqual(BarPeriods.samplingUnit(step: 7 * Self.day), "week")
        XCTAssertEqual(BarPeriods.samplingUnit(step: 31 * Self.day), "month")
        XCTAssertEqual(BarPeriods.samplingUnit(step: 91 * Self.day), "quarter")
        XCTAssertNil(BarPeriods.samplingUnit(step: 3 * Self.day))
    }

    /// Review claim 1: the fold is known downstream (a context fact), and the run warns of it.
    func testTheStageRecordsAndWarnsOfTheFold() throws {
        let chart = ChartSpec(id: "jj", title: "JJ", mark: .bar,
                              source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "quarter", type: .time), y: YSpec(fields: ["eps"]),
                              location: SourceLocation(path: "p.pipeline"))
        var context = ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"),
                                   data: Self.quarters((1960, 1), (1980, 4)))
        try Downsample(options: StageOptions(["method": "lttb", "points": 60])).run(&context)
        XCTAssertEqual(context[BarFoldKey.self], BarFold(period: "year", op: "mean", sampling: "quarter", perBar: 4, sourceBars: 84, bars: 21))
        XCTAssertEqual(context[AggregationKey.self]?.partialLast, false)
        XCTAssertEqual(context.warnings.map(\.code), ["downsample.bars-folded"])
        // Bars that fit the budget are the data's own: no fold, no warning.
        var fitting = ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"),
                                   data: Self.quarters((1960, 1), (1980, 4)))
        try Downsample(options: StageOptions(["method": "lttb", "points": 84])).run(&fitting)
        XCTAssertNil(fitting[BarFoldKey.self])
        XCTAssertEqual(fitting.warnings, [])
    }
}
