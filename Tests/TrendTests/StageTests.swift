import ChartpipeCore
import XCTest
@testable import Trend
import ChartpipeJSON
import ChartpipeTestSupport

/// The stage as the runner calls it, its edge cases and trend.json.
final class StageTests: XCTestCase {
    func series(_ y: [Double], x: [Double]? = nil, name: String = "s") -> Series {
        Series(name: name, x: x ?? y.indices.map(Double.init), y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
    }

    func context(_ set: SeriesSet, thresholds: [(name: String, value: Double)] = []) -> ChartContext {
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "x", type: set.xType), y: YSpec(fields: ["y"], thresholds: thresholds),
                              location: SourceLocation(path: "p.pipeline"))
        return ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"), data: set)
    }

    func testDescriptionDeclaresOptions() throws {
        XCTAssertEqual(Trend.description.name, "trend")
        XCTAssertEqual(Trend.description.options.map(\.name), ["segments", "alpha", "outliers", "crossoverSeries"])
        XCTAssertEqual(Trend.description.needs, [Need(.series)])
        XCTAssertEqual(Trend.description.adds, [.trend])
        let stage = try Trend(options: StageOptions(["segments": 2, "alpha": 0.01, "outliers": 5]))
        XCTAssertEqual(stage.segments, 2)
        XCTAssertEqual(stage.alpha, 0.01)
        XCTAssertEqual(stage.outlierThreshold, 5)
        // The declaration's limit, in validation's own words: no second wording in the stage.
        XCTAssertThrowsError(try Trend(options: StageOptions(["alpha": 1]))) { error in
            XCTAssertEqual((error as? ChartError)?.message, "'alpha' must be a number above 0 and below 1 (it is 1)")
            XCTAssertEqual((error as? ChartError)?.field, "alpha")
        }
    }

    /// Crossovers compare every pair of series: past `crossoverSeries` none are looked for (the
    /// work counted by the polls between pairs stays linear in the series), with a warning.
    func testCrossoversAreBoundedByCrossoverSeries() throws {
        // Series k is the line y = k·(x − 5): every pair crosses once, at x = 5.
        func fan(_ count: Int) -> SeriesSet {
            SeriesSet(xType: .number, series: (0..<count).map { k in
                series((0..<11).map { Double(k) * (Double($0) - 5) + 0.5 * Double(k % 2) }, name: "s\(k)")
            })
        }
        func polls(_ stage: Trend, _ set: SeriesSet) -> (polls: Int, crossovers: Int) {
            var polls = 0
            let result = stage.analyze(set, poll: { polls += 1 })
            return (polls, result.crossovers.count)
        }
        let one = polls(Trend(), fan(1)).polls
        let few = polls(Trend(), fan(12))
        XCTAssertEqual(few.crossovers, 12 * 11 / 2, "at the default limit every pair is compared")
        XCTAssertEqual(few.polls, 12 * one + 12 * 11 / 2)
        let many = polls(Trend(), fan(400))
        XCTAssertEqual(many.crossovers, 0)
        XCTAssertEqual(many.polls, 400 * one, "no pair of 400 series compared")
        XCTAssertEqual(polls(try Trend(["crossoverSeries": 400]), fan(400)).crossovers, 400 * 399 / 2)
        XCTAssertEqual(try Trend(options: StageOptions(["crossoverSeries": 3])).crossoverSeries, 3)

        var context = context(fan(13))
        try Trend().run(&context)
        XCTAssertEqual(context.warnings.map(\.code), ["trend.crossovers"])
        XCTAssertTrue(context.warnings[0].message.contains("13 series are more than 'crossoverSeries' (12)"), context.warnings[0].message)
        var small = self.context(fan(12))
        try Trend().run(&small)
        XCTAssertEqual(small.warnings, [])
    }

    /// A long series runs its independent steps at once when the run has a processor idle (Sen's
    /// slope beside the peaks, valleys and median): the statistics and trend.json are those of one
    /// processor, and the budget is whole again after.
    func testALongSeriesGivesTheSameStatisticsOnOneProcessorOrTwo() throws {
        var state: UInt64 = 0x7E
        var level = 0.0
        let n = Trend.concurrentFrom + 4_321
        let y = (0..<n).map { _ -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            level += Double(Int(state >> 54) - 512) / 64
            return (level * 100).rounded() / 100
        }
        let set = SeriesSet(xType: .time, series: [Series(name: "walk", x: (0..<n).map { Double($0) * 60_000 }, y: y,
                                                          firstRecord: Array(0..<n), lastRecord: Array(0..<n))])
        let alone = Trend().analyze(set)
        for idle in [1, 2] {
            let budget = WorkerBudget(idle: idle)
            let shared = WorkerBudget.$current.withValue(budget) { Trend().analyze(set) }
            XCTAssertGreaterThan(budget.lentCount, 0, "idle \(idle): a step ran on a borrowed processor")
            XCTAssertEqual(budget.idleCount, idle)
            XCTAssertEqual(shared, alone, "idle \(idle)")
            XCTAssertEqual(JSONWriter().bytes(shared.json), JSONWriter().bytes(alone.json))
        }
        XCTAssertFalse(alone.series[0].peaks.isEmpty)
        XCTAssertNotNil(alone.series[0].sen)
    }

    func testOnePoint() {
        let r = Trend().analyze(series([4]), xType: .number)
        XCTAssertEqual(r.n, 1)
        XCTAssertEqual(r.min, TrendPoint(index: 0, x: 0, y: 4))
        XCTAssertEqual(r.mean, 4)
        XCTAssertNil(r.stdev)
        XCTAssertNil(r.leastSquares)
        XCTAssertNil(r.mannKendall)
        XCTAssertNil(r.sen)
        XCTAssertEqual(r.change, TrendChange(absolute: 0, percent: 0))
        XCTAssertEqual(r.segments.count, 0)
    }

    func testAllGapsButOneKeepsTheIndexIntoTheFullSeries() {
        let r = Trend().analyze(series([.nan, .nan, 7, .nan]), xType: .number)
        XCTAssertEqual(r.n, 1)
        XCTAssertEqual(r.first, TrendPoint(index: 2, x: 2, y: 7))
        XCTAssertEqual(r.max?.index, 2)
        let none = Trend().analyze(series([.nan, .nan]), xType: .number)
        XCTAssertEqual(none.n, 0)
        XCTAssertNil(none.first)
    }

    func testGapsAreSkippedNotZero() {
        let r = Trend().analyze(series([1, .nan, 3, 5, .nan, 9]), xType: .number)
        XCTAssertEqual(r.n, 4)
        XCTAssertEqual(r.min?.y, 1)
        XCTAssertEqual(r.last, TrendPoint(index: 5, x: 5, y: 9))
        // Slopes use the real x of the points around the gaps: 1, 3, 5 at x 0, 2, 3 and 9 at 5.
        XCTAssertEqual(r.sen?.slope, SenSlope.medianSlopeByListing(x: [0, 2, 3, 5], y: [1, 3, 5, 9]))
        XCTAssertEqual(r.segments.first?.from, 0)
        XCTAssertEqual(r.segments.last?.to, 5)
    }

    func testTwoPoints() {
        let r = Trend().analyze(series([2, 5]), xType: .number)
        XCTAssertEqual(r.leastSquares, LinearFit(slope: 3, intercept: 2, r2: 1))
        XCTAssertEqual(r.mannKendall?.s, 1)
        XCTAssertEqual(r.mannKendall?.varS, 1)
        XCTAssertEqual(r.mannKendall?.z, 0)
        XCTAssertEqual(r.mannKendall?.p, 1)
        XCTAssertEqual(r.mannKendall?.trend, MonotonicTrend.none)
        XCTAssertEqual(r.sen, SenEstimate(slope: 3, intercept: 2))
        XCTAssertEqual(r.segments.map(\.direction), [.rise])
    }

    func testConstantSeries() {
        let r = Trend().analyze(series([3, 3, 3, 3, 3, 3]), xType: .number)
        XCTAssertEqual(r.stdev, 0)
        XCTAssertEqual(r.leastSquares, LinearFit(slope: 0, intercept: 3, r2: 0))
        XCTAssertEqual(r.mannKendall, MannKendallResult(s: 0, varS: 0, z: 0, p: 1, tau: 0, trend: .none))
        XCTAssertEqual(r.sen?.slope, 0)
        XCTAssertEqual(r.segments.map(\.direction), [.flat])
        XCTAssertTrue(r.outliers.isEmpty && r.peaks.isEmpty && r.valleys.isEmpty)
    }

    func testPercentIsNullWithAReasonWhenFirstIsZero() {
        let r = Trend().analyze(series([0, 4, 8]), xType: .number)
        XCTAssertEqual(r.change?.absolute, 8)
        XCTAssertNil(r.change?.percent)
        XCTAssertEqual(r.change?.percentReason, "the first value is 0")
        // Percents of a negative start, or across zero, are no facts: null with a reason.
        XCTAssertNil(Trend().analyze(series([-4, 2]), xType: .number).change?.percent)
        XCTAssertEqual(Trend().analyze(series([-4, 2]), xType: .number).change?.percentReason, "the first value is negative")
        XCTAssertEqual(Trend().analyze(series([10, -14]), xType: .number).change?.percentReason, "the values change sign")
        XCTAssertEqual(Trend().analyze(series([4, 10]), xType: .number).change?.percent, 150)
    }

    func testTimeSlopesArePerDay() throws {
        let day = 86_400_000.0
        let start = 1_780_272_000_000.0  // 2026-06-01T00:00:00Z
        let x = (0..<10).map { start + Double($0) * day / 2 }
        let r = Trend().analyze(series((0..<10).map { Double($0) }, x: x), xType: .time)
        XCTAssertEqual(try XCTUnwrap(r.leastSquares?.slope), 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(r.sen?.slope), 2, accuracy: 1e-9)
        XCTAssertEqual(r.first?.x, start)
        let json = TrendResult(xType: .time, series: [r]).json
        XCTAssertEqual(json["series"]?.arrayValue?.first?["first"]?["x"], "2026-06-01T00:00:00Z")
        XCTAssertEqual(json["series"]?.arrayValue?.first?["last"]?["x"], "2026-06-05T12:00:00Z")
    }

    func testRunStoresTheResultAndWritesTrendJSON() throws {
        let set = SeriesSet(xType: .number, series: [
            series([1, 2, 3, 4], x: [10, 11, 12, 13], name: "up"), series([4, 3, 2, 1], x: [10, 11, 12, 13], name: "down"),
        ])
        var ctx = context(set, thresholds: [("target", 2.5)])
        try Trend().run(&ctx)
        let result = try XCTUnwrap(ctx[TrendKey.self])
        XCTAssertEqual(result.series.map(\.name), ["up", "down"])
        XCTAssertEqual(result.crossovers.count, 1)
        XCTAssertEqual(result.crossovers.first?.x, 11.5)
        XCTAssertEqual(result.crossovers.first?.above, 0)
        XCTAssertEqual(result.series[0].thresholdCrossings.map(\.upward), [true])
        XCTAssertEqual(result.series[1].thresholdCrossings.map(\.index), [2])
        let artifact = try XCTUnwrap(ctx.artifacts.first)
        XCTAssertEqual(artifact.path, "trend.json")
        XCTAssertEqual(artifact.kind, "trend")
        let doc = try JSONParser.parse(artifact.bytes)
        let first = try XCTUnwrap(doc["series"]?.arrayValue?.first)
        for key in ["name", "n", "first", "last", "min", "max", "mean", "median", "stdev", "change", "leastSquares",
                    "mannKendall", "sen", "segments", "outliers", "peaks", "valleys", "thresholdCrossings"] {
            XCTAssertNotNil(first[key], key)
        }
        for key in ["s", "varS", "z", "p", "tau", "trend"] { XCTAssertNotNil(first["mannKendall"]?[key], key) }
        XCTAssertEqual(first["max"]?["x"], 13)
        XCTAssertEqual(doc["crossovers"]?.arrayValue?.first?["x"], 11.5)
        XCTAssertEqual(doc["crossovers"]?.arrayValue?.first?["above"], "up")

        // Bars of categories stand in the file's order: they neither cross each other nor a threshold.
        let bars = SeriesSet(xType: .category, categories: ["a", "b", "c", "d"], series: [
            series([1, 2, 3, 4], name: "up"), series([4, 3, 2, 1], name: "down"),
        ])
        var barContext = context(bars, thresholds: [("target", 2.5)])
        try Trend().run(&barContext)
        let barResult = try XCTUnwrap(barContext[TrendKey.self])
        XCTAssertTrue(barResult.crossovers.isEmpty)
        XCTAssertTrue(barResult.series.allSatisfy { $0.thresholdCrossings.isEmpty })
        let barDoc = try JSONParser.parse(try XCTUnwrap(barContext.artifacts.first).bytes)
        XCTAssertEqual(barDoc["series"]?.arrayValue?.first?["max"]?["x"], "d")
    }

    func testStatisticsDescribeTheFullSeriesNotTheDownsampledOne() throws {
        let full = SeriesSet(xType: .number, series: [series([5, 1, 9, 2, 8, 3])])
        var ctx = context(SeriesSet(xType: .number, series: [series([5, 3], x: [0, 5])]))
        ctx.fullData = full
        try Trend().run(&ctx)
        XCTAssertEqual(ctx[TrendKey.self]?.series.first?.n, 6)
        XCTAssertEqual(ctx[TrendKey.self]?.series.first?.max?.index, 2)
    }

    /// Issue 11: trend polls the run's cancellation between the steps of each series, so a signal
    /// stops a long chart part way. Counted, not timed: a handle that cancels itself at its kth check
    /// makes the stage throw `Cancelled` at that check, with no check (no step) after it and no
    /// statistics or trend.json left behind.
    func testCancellationStopsTrendPartWay() throws {
        let y = (0..<20_000).map { sin(Double($0) / 50) * 10 + Double($0 % 7) }
        let set = SeriesSet(xType: .number, series: [series(y, name: "a"), series(y.reversed(), name: "b")])
        func context(_ cancellation: Cancellation) -> ChartContext {
            ChartContext(chart: self.context(set).chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"),
                         data: set, cancellation: cancellation)
        }
        let counting = Cancellation(cancellingAtCheck: .max)
        var whole = context(counting)
        try Trend().run(&whole)
        XCTAssertNotNil(whole[TrendKey.self])
        let polls = counting.checks
        // Several polls per series and one per pair of series.
        XCTAssertGreaterThanOrEqual(polls, 2 * 8 + 1)
        for k in [1, polls / 2, polls] {
            let cancellation = Cancellation(cancellingAtCheck: k)
            var stopped = context(cancellation)
            XCTAssertThrowsError(try Trend().run(&stopped), "cancelled at check \(k)") { XCTAssertTrue($0 is Cancelled, "\($0)") }
            XCTAssertEqual(cancellation.checks, k, "no step after the cancellation")
            XCTAssertNil(stopped[TrendKey.self])
            XCTAssertTrue(stopped.artifacts.isEmpty)
        }
    }
}
