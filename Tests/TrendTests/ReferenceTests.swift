import ChartpipeCore
import XCTest
@testable import Trend
import ChartpipeJSON

/// Statistics against scipy, numpy and pymannkendall on fixtures made by Fixtures/generate.py.
final class ReferenceTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load(_ name: String) throws -> [JSONValue] {
        let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
        return try XCTUnwrap(JSONParser.parse(bytes)["cases"]?.arrayValue)
    }

    static func numbers(_ value: JSONValue?) -> [Double] { value?.arrayValue?.compactMap(\.doubleValue) ?? [] }

    func assertClose(_ actual: Double?, _ expected: Double?, _ what: String, relative: Double = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let actual, let expected else {
            XCTAssertEqual(actual == nil, expected == nil, "\(what): \(String(describing: actual)) vs \(String(describing: expected))",
                           file: file, line: line)
            return
        }
        let tolerance = expected == 0 ? 1e-12 : relative * Swift.max(abs(actual), abs(expected))
        XCTAssertLessThanOrEqual(abs(actual - expected), tolerance, "\(what): \(actual) vs \(expected)", file: file, line: line)
    }

    func testEverySeriesMatchesTheReferences() throws {
        let cases = try Self.load("reference.json")
        XCTAssertGreaterThanOrEqual(cases.count, 20)
        for c in cases {
            let name = c["name"]?.stringValue ?? "?"
            let y = Self.numbers(c["y"])
            let x = c["x"] == .null ? y.indices.map(Double.init) : Self.numbers(c["x"])
            let series = Series(name: name, x: x, y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
            let result = Trend().analyze(series, xType: .number)
            XCTAssertEqual(result.n, y.count, name)
            assertClose(result.mean, c["mean"]?.doubleValue, "\(name) mean")
            assertClose(result.median, c["median"]?.doubleValue, "\(name) median")
            assertClose(result.stdev, c["stdev"]?.doubleValue, "\(name) stdev")
            if let ls = c["leastSquares"] {
                let fit = try XCTUnwrap(result.leastSquares, name)
                assertClose(fit.slope, ls["slope"]?.doubleValue, "\(name) slope")
                assertClose(fit.intercept, ls["intercept"]?.doubleValue, "\(name) intercept")
                if ls["r2"] == .null {
                    XCTAssertEqual(fit.r2, 0, "\(name) r2 of a constant y")
                } else {
                    assertClose(fit.r2, ls["r2"]?.doubleValue, "\(name) r2")
                }
            }
            if let mk = c["mannKendall"] {
                let test = try XCTUnwrap(result.mannKendall, name)
                XCTAssertEqual(test.s, mk["s"]?.intValue, "\(name) S")
                assertClose(test.varS, mk["varS"]?.doubleValue, "\(name) varS")
                assertClose(test.z, mk["z"]?.doubleValue, "\(name) z")
                assertClose(test.tau, mk["tau"]?.doubleValue, "\(name) tau")
                // pymannkendall's 2(1 - Φ) loses digits in the tail; scipy's survival function does not.
                assertClose(test.p, mk["pTail"]?.doubleValue, "\(name) p")
                XCTAssertLessThanOrEqual(abs(test.p - (mk["p"]?.doubleValue ?? -1)), 1e-9 * test.p + 1e-15, "\(name) p vs pymannkendall")
                XCTAssertEqual(test.trend.rawValue, mk["trend"]?.stringValue, "\(name) trend")
            }
            if let sen = c["sen"] {
                let estimate = try XCTUnwrap(result.sen, name)
                assertClose(estimate.slope, sen["slope"]?.doubleValue, "\(name) Sen slope")
                assertClose(estimate.intercept, sen["intercept"]?.doubleValue, "\(name) Sen intercept")
            }
        }
    }

    /// Beyond `SenSlope.pairLimit` the median is selected without listing all slopes.
    func testSlopeSelectionMatchesTheilSlopesOnLongSeries() throws {
        for c in try Self.load("sen_large.json") {
            let name = c["name"]?.stringValue ?? "?"
            let x = Self.numbers(c["x"]), y = Self.numbers(c["y"])
            XCTAssertGreaterThan(x.count, SenSlope.pairLimit)
            let estimate = try XCTUnwrap(SenSlope.estimate(x: x, y: y))
            assertClose(estimate.slope, c["sen"]?["slope"]?.doubleValue, "\(name) slope")
            assertClose(estimate.intercept, c["sen"]?["intercept"]?.doubleValue, "\(name) intercept")
        }
    }

    /// Small samples and a small listing limit force many selection rounds and the tie-block test.
    func testSlopeSelectionEqualsListingUnderTightLimits() throws {
        for c in try Self.load("reference.json") {
            let y = Self.numbers(c["y"])
            guard y.count >= 30 else { continue }
            let x = c["x"] == .null ? y.indices.map(Double.init) : Self.numbers(c["x"])
            let listed = SenSlope.medianSlopeByListing(x: x, y: y)
            for (sample, limit) in [(200, 50), (60, 10), (1000, 500)] {
                let selected = SenSlope.medianSlopeBySelection(x: x, y: y, sampleSize: sample, listLimit: limit)
                XCTAssertEqual(selected, listed, "\(c["name"]?.stringValue ?? "?") sample \(sample) limit \(limit)")
            }
        }
    }

    func testSlopeSelectionSkipsPairsWithEqualX() {
        let x: [Double] = [0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 6]
        let y: [Double] = [1, 4, 2, 2, 0, 5, 3, 9, 1, 0, 7, 2, 3]
        let listed = SenSlope.medianSlopeByListing(x: x, y: y)
        XCTAssertEqual(SenSlope.medianSlopeBySelection(x: x, y: y, sampleSize: 30, listLimit: 5), listed)
        XCTAssertEqual(SenSlope.medianSlopeBySelection(x: x.reversed(), y: y.reversed(), sampleSize: 30, listLimit: 5), listed)
    }

    func testMannKendallScoreEqualsPairCount() {
        var random = SplitMix64(seed: 7)
        for n in [2, 3, 10, 31, 100, 257] {
            let y = (0..<n).map { _ in Double(random.next() % 6) }
            var s = 0
            for i in 0..<n { for j in (i + 1)..<Swift.max(i + 1, n) { s += y[j] > y[i] ? 1 : (y[j] < y[i] ? -1 : 0) } }
            XCTAssertEqual(MannKendall.score(y).s, s, "n = \(n)")
        }
    }

    /// Series of many pairs: once a round leaves few enough slopes, the slopes inside the bracket
    /// are counted and filtered by listing them once, with a narrower bracket from the last
    /// round's sample, instead of two more cuts. The median is the listing's, with ties in y and
    /// equal x, and fewer cuts are made than with that step turned off.
    func testEnumeratingTheLastBracketGivesTheListedMedianWithFewerCuts() throws {
        var random = SplitMix64(seed: 0xE1)
        for round in 0..<6 {
            let n = 2000
            let ties = round % 3 == 0
            var x = (0..<n).map { Double($0) }
            if round % 2 == 1 { for i in stride(from: 5, to: n, by: 7) { x[i] = x[i - 1] } }
            var level = 0.0
            let y: [Double] = (0..<n).map { i in
                level += Double(Int(random.next() % 21) - 10) / 10
                return ties ? Double(Int(level)) : level + Double(i) * 0.01
            }
            let listed = SenSlope.medianSlopeByListing(x: x, y: y)
            var fast = try XCTUnwrap(SlopeSelection(x: x, y: y))
            fast.sampleSize = 20_000
            fast.listLimit = 10_000
            var slow = fast
            slow.enumerateLimit = 0
            XCTAssertEqual(fast.median(), listed, "round \(round)")
            XCTAssertEqual(slow.median(), listed, "round \(round)")
            XCTAssertLessThan(fast.cuts, slow.cuts, "round \(round)")
            XCTAssertLessThanOrEqual(fast.cuts, 2, "round \(round)")
        }
    }

    /// A sort of more than `MergeCount.splitAt` items, with a processor idle, sorts two halves at
    /// once and counts the inversions across them when it merges: the same order and count as on
    /// one thread, for Mann-Kendall's score and Sen's slope alike.
    func testSortsSplitOverTwoProcessorsGiveWhatOneGives() throws {
        var random = SplitMix64(seed: 0x5917)
        let n = MergeCount.splitAt + 1001
        let values = (0..<n).map { _ in Double(random.next() % 5000) }
        var alone = Array(values.enumerated()), split = alone
        let less = { (a: (offset: Int, element: Double), b: (offset: Int, element: Double)) in a.element < b.element }
        let aloneCount = MergeCount.sort(&alone, by: less)
        let budget = WorkerBudget(idle: 1)
        let splitCount = WorkerBudget.$current.withValue(budget) { MergeCount.sort(&split, by: less) }
        XCTAssertGreaterThan(budget.lentCount, 0)
        XCTAssertEqual(budget.idleCount, 1)
        XCTAssertEqual(splitCount, aloneCount)
        XCTAssertTrue(split.elementsEqual(alone) { $0.offset == $1.offset }, "a stable sort has one order")
        // Inversions counted another way: n(n-1)/2 minus the pairs in order or equal.
        let sorted = values.sorted()
        var equalPairs = 0, run = 1
        for i in 1..<n { if sorted[i] == sorted[i - 1] { run += 1 } else { equalPairs += run * (run - 1) / 2; run = 1 } }
        equalPairs += run * (run - 1) / 2
        let mk = MannKendall.score(values)
        XCTAssertEqual(mk.s, n * (n - 1) / 2 - equalPairs - 2 * aloneCount, "S = concordant - discordant")

        let x = (0..<n).map { Double($0) }
        let y = (0..<n).map { i in values[i] + Double(i) / 50 }
        let serial = SenSlope.medianSlope(x: x, y: y)
        let parallel = WorkerBudget.$current.withValue(WorkerBudget(idle: 1)) { SenSlope.medianSlope(x: x, y: y) }
        XCTAssertEqual(parallel, serial)
    }
}
