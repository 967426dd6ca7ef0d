import ChartpipeCore
import XCTest
@testable import Trend
import ChartpipeJSON
import ChartpipeTestSupport

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
                assertClose(test.tau, mk["tau"]?.doubleValue, "\(name) tau")
                // A serially correlated series takes Hamed and Rao's correction, and only when it makes
                // the variance larger; its ranks are of values detrended by a Sen slope that may differ
                // from pymannkendall's in the last bits, so a near tie can swap (1e-5).
                let corrected = test.test == .hamedRao
                let reference = corrected ? try XCTUnwrap(mk["hamedRao"], name) : mk
                if corrected { XCTAssertGreaterThan(test.varS, mk["varS"]?.doubleValue ?? .infinity, name) }
                let tolerance = corrected ? 1e-5 : 1e-9
                assertClose(test.varS, reference["varS"]?.doubleValue, "\(name) varS", relative: tolerance)
                assertClose(test.z, reference["z"]?.doubleValue, "\(name) z", relative: tolerance)
                // pymannkendall's 2(1 - Φ) loses digits in the tail; scipy's survival function does not.
                assertClose(test.p, reference["pTail"]?.doubleValue, "\(name) p", relative: corrected ? 1e-4 : 1e-9)
                if !corrected {
                    XCTAssertLessThanOrEqual(abs(test.p - (mk["p"]?.doubleValue ?? -1)), 1e-9 * test.p + 1e-15, "\(name) p vs pymannkendall")
                }
                XCTAssertEqual(test.trend.rawValue, reference["trend"]?.stringValue, "\(name) trend")
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

    /// A sort of more than `MergeCount.splitAt` items sorts two halves (at once when a processor
    /// is idle) and counts the inversions across them when it merges: checked against a stable
    /// sort by (value, offset) and against inversions counted with a Fenwick tree, on one thread
    /// and on two.
    func testSortsSplitInHalvesGiveTheStableOrderAndTheInversions() throws {
        var random = SplitMix64(seed: 0x5917)
        let n = MergeCount.splitAt + 1001
        let values = (0..<n).map { _ in Double(random.next() % 5000) }
        let stable = values.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map(\.offset)
        // Pairs i < j with values[j] < values[i], counted by value with a Fenwick tree over 0..<5000.
        var tree = [Int](repeating: 0, count: 5001)
        var inversions = 0
        for (seen, v) in values.enumerated() {
            var atMost = 0, k = Int(v) + 1
            while k > 0 { atMost += tree[k]; k -= k & -k }
            inversions += seen - atMost
            k = Int(v) + 1
            while k <= 5000 { tree[k] += 1; k += k & -k }
        }
        let less = { (a: (offset: Int, element: Double), b: (offset: Int, element: Double)) in a.element < b.element }
        for idle in [0, 1] {
            var items = Array(values.enumerated())
            let budget = WorkerBudget(idle: idle)
            let count = WorkerBudget.$current.withValue(budget) { MergeCount.sort(&items, by: less) }
            XCTAssertEqual(budget.lentCount, idle)
            XCTAssertEqual(budget.idleCount, idle)
            XCTAssertEqual(count, inversions, "idle \(idle)")
            XCTAssertEqual(items.map(\.offset), stable, "idle \(idle)")
        }
    }

    /// A cut orders the points by their exact keys `y - t·x` and counts the pairs it flips, as a
    /// plain sort by exact keys and a count of every pair say: on keys that one float cannot tell
    /// apart (differences of 1e-9 at 1,000), equal keys (the tie order decides), −0 beside +0,
    /// keys past a float's range, and equal x.
    func testACutOrdersByExactKeysWhateverTheFloatsTie() throws {
        var random = SplitMix64(seed: 0xC07)
        let n = 240
        var cases: [(String, [Double], [Double])] = []
        let steps = (0..<n).map(Double.init)
        cases.append(("near", steps, (0..<n).map { _ in 1000 + Double(Int(random.next() % 9)) * 1e-9 }))
        cases.append(("equal", steps, (0..<n).map { _ in Double(Int(random.next() % 3)) }))
        cases.append(("zeros", steps, (0..<n).map { $0 % 2 == 0 ? 0.0 : -0.0 }))
        cases.append(("huge", steps, (0..<n).map { _ in Double(Int(random.next() % 5) - 2) * 1e300 }))
        cases.append(("walk", steps, (0..<n).reduce(into: [Double]()) { y, _ in y.append((y.last ?? 0) + Double(Int(random.next() % 201) - 100) / 100) }))
        cases.append(("equal x", (0..<n).map { Double($0 / 3) }, (0..<n).map { _ in Double(Int(random.next() % 7)) }))
        for (name, x, y) in cases {
            let selection = try XCTUnwrap(SlopeSelection(x: x, y: y), name)
            let bx = selection.x, by = selection.y, x0 = selection.x0, y0 = selection.y0
            for t in [0.0, 1e-12, -1e-9, 0.5, -3, 1e305] {
                for inclusive in [true, false] {
                    func key(_ p: Int) -> Double { (by[p] - y0) - t * (bx[p] - x0) }
                    func tie(_ p: Int) -> Double { inclusive ? -(bx[p] - x0) : bx[p] - x0 }
                    let expected = (0..<n).sorted { a, b in
                        key(a) != key(b) ? key(a) < key(b) : (tie(a) != tie(b) ? tie(a) < tie(b) : a < b)
                    }
                    var rank = [Int](repeating: 0, count: n)
                    for (r, p) in expected.enumerated() { rank[p] = r }
                    var flipped = 0
                    for p in 0..<n { for q in (p + 1)..<n where rank[q] < rank[p] { flipped += 1 } }
                    let cut = selection.cut(at: t, inclusive: inclusive)
                    XCTAssertEqual(cut.order.map(Int.init), expected, "\(name) t=\(t) inclusive=\(inclusive)")
                    XCTAssertEqual(cut.count, flipped, "\(name) t=\(t) inclusive=\(inclusive)")
                }
            }
        }
        // The float order: monotone in the float, −0 with +0, and infinities at the ends.
        let floats: [Float] = [-.infinity, -3e38, -1, -1e-40, 0, 1e-40, 1, 3e38, .infinity]
        XCTAssertEqual(floats.map(SlopeSelection.sortable), floats.map(SlopeSelection.sortable).sorted())
        XCTAssertEqual(Set(floats.map(SlopeSelection.sortable)).count, floats.count)
        XCTAssertEqual(SlopeSelection.sortable(-0.0), SlopeSelection.sortable(0.0))
    }

    /// Sen's slope of y = x² on x = 0, 1, 2, …: the slope of a pair is i + j, so the median is
    /// found by counting pairs by their sum, independently of the selection. More than
    /// `MergeCount.splitAt` points (the cuts sort in halves, the last bracket is listed in
    /// halves), with many equal slopes; on one thread and on two.
    func testSenSlopeOfSquaresOnALongSeriesIsTheMedianPairSum() throws {
        let n = MergeCount.splitAt + 1001
        let x = (0..<n).map { Double($0) }
        let y = x.map { $0 * $0 }
        // Pairs i < j with i + j <= s.
        func atMost(_ s: Int) -> Int {
            var total = 0
            for i in 0..<n {
                let top = Swift.min(n - 1, s - i)
                if top > i { total += top - i }
            }
            return total
        }
        func kth(_ k: Int) -> Int {
            var lo = 1, hi = 2 * n - 3
            while lo < hi {
                let mid = (lo + hi) / 2
                if atMost(mid) >= k { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let pairs = n * (n - 1) / 2
        let expected = pairs % 2 == 1 ? Double(kth(pairs / 2 + 1)) : Double(kth(pairs / 2) + kth(pairs / 2 + 1)) / 2
        for idle in [0, 1] {
            let budget = WorkerBudget(idle: idle)
            let slope = WorkerBudget.$current.withValue(budget) { SenSlope.medianSlope(x: x, y: y) }
            XCTAssertEqual(slope, expected, "idle \(idle)")
            XCTAssertEqual(budget.idleCount, idle)
        }
    }
}
