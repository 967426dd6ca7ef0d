import Foundation
import XCTest
import ChartpipeCore
import ChartpipeJSON
@testable import Downsample
import ChartpipeTestSupport

/// Picks compared with tsdownsample's on the fixtures that Fixtures/generate.py wrote.
final class PeerAgreementTests: XCTestCase {
    struct Fixture {
        var name: String
        var x: [Double]
        var y: [Double]
        var cases: [[String: Any]]
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func fixtures() throws -> [Fixture] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("expected.json"))
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try XCTUnwrap(doc["series"] as? [[String: Any]])
        return try list.map { entry in
            let name = try XCTUnwrap(entry["name"] as? String)
            let n = try XCTUnwrap(entry["count"] as? Int)
            let raw = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".bin"))
            XCTAssertEqual(raw.count, 16 * n, name)
            let values: [Double] = raw.withUnsafeBytes { bytes in
                (0..<(2 * n)).map { Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self))) }
            }
            return Fixture(name: name, x: Array(values[0..<n]), y: Array(values[n...]),
                           cases: try XCTUnwrap(entry["cases"] as? [[String: Any]]))
        }
    }

    func check(_ method: String, _ pick: (Fixture, Int, Int) -> [Int], expected adjust: ([Int], Int) -> [Int] = { i, _ in i }) throws {
        var checked = 0
        var series = Set<String>()
        for fixture in try fixtures() {
            for c in fixture.cases where c["method"] as? String == method {
                let points = try XCTUnwrap(c["points"] as? Int)
                let ratio = c["ratio"] as? Int ?? 4
                let want = adjust(try XCTUnwrap(c["indices"] as? [Int]), fixture.y.count)
                let got = adjust(pick(fixture, points, ratio), fixture.y.count)
                XCTAssertEqual(got, want, "\(fixture.name) \(method) points \(points) ratio \(ratio)")
                checked += 1
                series.insert(fixture.name)
            }
        }
        XCTAssertGreaterThanOrEqual(series.count, 10, "fewer than 10 fixture series for \(method)")
        XCTAssertGreaterThan(checked, 20)
    }

    func testLTTBPicksTheSameIndicesAsTsdownsample() throws {
        try check("lttb") { f, p, _ in LTTB.indices(x: f.x, y: f.y, count: p) }
    }

    func testLTTBReadsInt64XInPlace() throws {
        try check("lttb") { f, p, _ in LTTB.indices(x: f.x.map { Int64($0) }, y: f.y, count: p) }
    }

    func testMinMaxLTTBPicksTheSameIndicesAsTsdownsample() throws {
        // tsdownsample may pick one candidate twice; the set of points is what counts.
        try check("minmax-lttb", { f, p, r in MinMaxLTTB.indices(x: f.x, y: f.y, count: p, ratio: r) },
                  expected: { i, _ in Array(Set(i)).sorted() })
    }

    func testM4PicksTheSameIndexSetAsTsdownsample() throws {
        try check("m4") { f, p, _ in M4.indices(x: f.x, y: f.y, count: p) }
    }

    func testMinMaxPicksTheSameIndicesAsTsdownsampleBesidesTheEnds() throws {
        try check("minmax", { f, p, _ in MinMax.indices(x: f.x, y: f.y, count: p) },
                  expected: { i, n in i.filter { $0 != 0 && $0 != n - 1 } })
    }

    func testEveryMethodKeepsFirstAndLastPoints() throws {
        for fixture in try fixtures() where fixture.y.count > 100 {
            let n = fixture.y.count
            for method in Downsample.Method.allCases {
                let picked = Downsample.indices(method: method, x: fixture.x, y: fixture.y, points: 60)
                XCTAssertEqual(picked.first, 0, "\(fixture.name) \(method)")
                XCTAssertEqual(picked.last, n - 1, "\(fixture.name) \(method)")
                XCTAssertEqual(picked, picked.sorted(), "\(method) picks must ascend")
                XCTAssertEqual(Set(picked).count, picked.count, "\(method) picks must not repeat")
                if method == .lttb { XCTAssertEqual(picked.count, 60, "\(fixture.name) \(method)") }
                // MinMaxLTTB may pick a candidate twice (as tsdownsample does), M4 bins may coincide.
                if method == .minmaxLTTB || method == .m4 { XCTAssertLessThanOrEqual(picked.count, 60, "\(fixture.name) \(method)") }
                if method == .minmax { XCTAssertLessThanOrEqual(picked.count, 62, "\(fixture.name) \(method)") }
            }
        }
    }
}

final class GapTests: XCTestCase {
    func walk(_ n: Int) -> [Double] {
        var v = 0.0
        return (0..<n).map { i in v += Double((i * 7919) % 13) - 6; return v }
    }

    func testAGapStaysAGapAndRunsShareThePointsByLength() {
        var y = walk(1000)
        for i in 300..<310 { y[i] = .nan }
        let x = (0..<1000).map(Double.init)
        for method in [Downsample.Method.lttb, .minmaxLTTB, .m4, .minmax] {
            let picked = Downsample.indices(method: method, x: x, y: y, points: 100)
            let gaps = picked.filter { y[$0].isNaN }
            XCTAssertEqual(gaps, [300], "\(method): one gap point for one gap")
            let before = picked.filter { $0 < 300 }, after = picked.filter { $0 >= 310 }
            // 99 points for runs of 300 and 690 points: 30 and 69 (largest remainder).
            if method == .lttb || method == .minmaxLTTB {
                XCTAssertEqual(before.count, 30, "\(method)")
                XCTAssertEqual(after.count, 69, "\(method)")
            }
            XCTAssertTrue(picked.contains(299) && picked.contains(310) && picked.contains(0) && picked.contains(999),
                          "\(method): every run keeps its ends")
        }
    }

    func testLeadingAndTrailingGapsAreKept() {
        var y = walk(500)
        for i in 0..<5 { y[i] = .nan }
        for i in 490..<500 { y[i] = .nan }
        let picked = Downsample.indices(method: .lttb, x: (0..<500).map(Double.init), y: y, points: 40)
        XCTAssertEqual(picked.first, 0)
        XCTAssertTrue(picked.contains(490))
        XCTAssertEqual(picked.filter { y[$0].isNaN }, [0, 490])
    }

    func testSharesAddUpAndFavourLargestRemainders() {
        XCTAssertEqual(GapRuns.share(10, among: [5, 5]), [5, 5])
        XCTAssertEqual(GapRuns.share(99, among: [300, 690]), [30, 69])
        XCTAssertEqual(GapRuns.share(10, among: [15, 15, 70]), [2, 2, 6])
        XCTAssertEqual(GapRuns.share(5, among: [100, 1, 1, 1, 1]), [1, 1, 1, 1, 1], "every run keeps a point")
        XCTAssertEqual(GapRuns.share(8, among: [100, 1, 1, 1, 1]), [4, 1, 1, 1, 1])
        XCTAssertEqual(GapRuns.share(10, among: [3, 200]), [1, 9], "shared by length, not per run")
    }

    func testShortInputIsKeptWhole() {
        let y = walk(20)
        for method in Downsample.Method.allCases {
            XCTAssertEqual(Downsample.indices(method: method, x: (0..<20).map(Double.init), y: y, points: 20), Array(0..<20))
        }
    }
}

final class DownsampleStageTests: XCTestCase {
    func testPointsBelowTwentyIsRejectedWithTheReason() {
        XCTAssertThrowsError(try Downsample(options: StageOptions(["points": 19]))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("20"), text)
            XCTAssertTrue(text.contains("audio"), text)
        }
        XCTAssertNoThrow(try Downsample(options: StageOptions(["points": 20])))
    }

    /// Tests build stages from options as a pipeline names them (ChartpipeTestSupport): a stage
    /// built without options has the declared defaults, and a name it does not declare fails the
    /// test rather than leave the option at its default unseen.
    func testTestsBuildStagesFromDeclaredOptionsOnly() throws {
        let plain = Downsample()
        XCTAssertEqual([plain.method.rawValue, String(plain.points), String(plain.ratio)], ["lttb", "60", "4"])
        XCTAssertEqual(try Downsample(["points": 30, "method": "m4"]).points, 30)
        XCTAssertThrowsError(try Downsample(["point": 30])) { XCTAssertEqual("\($0)".contains("has no option 'point'"), true, "\($0)") }
    }

    func testDescriptionDeclaresTheOptions() {
        let d = Downsample.description
        XCTAssertEqual(d.name, "downsample")
        XCTAssertEqual(StageRegistration(Downsample.self).kind, .chart)
        XCTAssertEqual(d.options.map(\.name), ["method", "points", "ratio"])
        XCTAssertEqual(d.options[1].defaultValue, 60)
        XCTAssertNotNil(d.options[1].rationale)
        XCTAssertEqual(d.adds, [.downsampled])
        XCTAssertEqual(d.invalidates, [.descriptions])
    }

    func testRunKeepsTheFullSeriesAndReducesTheData() throws {
        let n = 5000
        var s = Series(name: "a")
        for i in 0..<n { s.append(x: Double(i) * 60_000, y: sin(Double(i) / 50), firstRecord: i, lastRecord: i) }
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "t", type: .time), y: YSpec(fields: ["v"]),
                              location: SourceLocation(path: "p.pipeline"))
        var context = ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"),
                                   data: SeriesSet(xType: .time, series: [s]))
        try Downsample(options: StageOptions(["method": "lttb", "points": 40])).run(&context)
        // LTTB's 40 points, and the series' highest and lowest values when LTTB passed them by.
        XCTAssertEqual(Downsample.indices(method: .lttb, x: s.x, y: s.y, points: 40).count, 40)
        XCTAssertTrue((40...42).contains(context.data.series[0].count))
        XCTAssertEqual(context.data.series[0].y.max(), s.y.max())
        XCTAssertEqual(context.data.series[0].y.min(), s.y.min())
        XCTAssertEqual(context.fullSeries.series[0], s)
        let kept = context.data.series[0]
        XCTAssertEqual(kept.firstRecord, kept.lastRecord)
        XCTAssertEqual(kept.firstRecord.first, 0)
        XCTAssertEqual(kept.firstRecord.last, n - 1)
    }

    /// The highest and lowest values the description names stay in the drawn points, whatever
    /// the method: here each three-day run between missing days gets a point or two, its ends.
    func testTheSeriesExtremesAreAlwaysKept() throws {
        var s = Series(name: "ozone")
        for i in 0..<160 {
            let y: Double = i % 4 == 3 ? .nan : (i == 89 ? 168 : (i == 42 ? 1 : 40 + Double(i % 7)))
            s.append(x: Double(i) * 86_400_000, y: y, firstRecord: i, lastRecord: i)
        }
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "t", type: .time), y: YSpec(fields: ["v"]),
                              location: SourceLocation(path: "p.pipeline"))
        for method in ["lttb", "minmax-lttb", "m4", "minmax"] {
            var context = ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"),
                                       data: SeriesSet(xType: .time, series: [s]))
            // Without the stage's guarantee the method alone drops both.
            let alone = Downsample.indices(method: Downsample.Method(rawValue: method)!, x: s.x, y: s.y, points: 60)
            XCTAssertFalse(alone.contains(89) && alone.contains(42), method)
            try Downsample(options: StageOptions(["method": .string(method), "points": 60])).run(&context)
            let kept = context.data.series[0]
            XCTAssertTrue(kept.y.contains(168), method)
            XCTAssertTrue(kept.y.contains(1), method)
            XCTAssertEqual(kept.firstRecord.firstIndex(of: 89).map { kept.y[$0] }, 168, method)
        }
    }

    /// Issue 11: downsample polls the run's cancellation between gap-free runs and every
    /// `pollEvery` points of a long one, so a signal stops a long chart part way. Counted, not
    /// timed: cancelled at its kth check, each method throws `Cancelled` there, checks nothing
    /// after it, and leaves the data as it entered.
    func testCancellationStopsEveryMethodPartWay() throws {
        let n = 8 * pollEvery
        var s = Series(name: "a")
        for i in 0..<n { s.append(x: Double(i), y: i == n / 2 ? .nan : sin(Double(i) / 500), firstRecord: i, lastRecord: i) }
        let chart = ChartSpec(id: "c", title: "C", source: SourceSpec(path: "/d.csv", displayPath: "d.csv", format: .csv),
                              x: XSpec(field: "t", type: .number), y: YSpec(fields: ["v"]), location: SourceLocation(path: "p.pipeline"))
        let set = SeriesSet(xType: .number, series: [s])
        func context(_ cancellation: Cancellation) -> ChartContext {
            ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/", pipelineName: "p"), data: set,
                         cancellation: cancellation)
        }
        for method in Downsample.Method.allCases where method != .none {
            let stage = try Downsample(["method": method.optionValue, "points": 4000])
            let counting = Cancellation(cancellingAtCheck: .max)
            var whole = context(counting)
            try stage.run(&whole)
            XCTAssertLessThan(whole.data.series[0].count, n, "\(method)")
            let polls = counting.checks
            // Two runs (the gap splits the series), each polled within every `pollEvery` points.
            XCTAssertGreaterThanOrEqual(polls, 8, "\(method)")
            for k in [1, polls / 2, polls] {
                let cancellation = Cancellation(cancellingAtCheck: k)
                var stopped = context(cancellation)
                XCTAssertThrowsError(try stage.run(&stopped), "\(method) at check \(k)") { XCTAssertTrue($0 is Cancelled, "\($0)") }
                XCTAssertEqual(cancellation.checks, k, "\(method): nothing read after the cancellation")
                XCTAssertEqual(stopped.data.series[0].count, n, "\(method): the data is as it entered")
            }
        }
    }
}
