import ChartpipeCore
import XCTest
@testable import Trend
import ChartpipeTestSupport

/// Segments, extremes, outliers and crossings on shapes whose answers are known.
final class ShapeTests: XCTestCase {
    /// A polyline through `corners` (index, value), sampled at every index, plus seeded noise.
    func shape(_ corners: [(Int, Double)], noise: Double = 0, seed: UInt64 = 1) -> [Double] {
        var random = SplitMix64(seed: seed)
        var y: [Double] = []
        for k in 0..<(corners.count - 1) {
            let (i0, v0) = corners[k], (i1, v1) = corners[k + 1]
            for i in i0..<i1 { y.append(v0 + (v1 - v0) * Double(i - i0) / Double(i1 - i0)) }
        }
        y.append(corners[corners.count - 1].1)
        return y.map { $0 + noise * (Double(random.next() % 2001) / 1000 - 1) }
    }

    func assertBoundaries(_ y: [Double], _ expected: [Int], segments: Int = 4, file: StaticString = #filePath, line: UInt = #line) {
        let x = y.indices.map(Double.init)
        let found = Segmentation.boundaries(x: x, y: y, maxSegments: segments)
        XCTAssertEqual(found.count, expected.count, "boundaries \(found), expected \(expected)", file: file, line: line)
        for (f, e) in zip(found, expected) {
            XCTAssertLessThanOrEqual(abs(f - e), 1, "boundaries \(found), expected \(expected)", file: file, line: line)
        }
    }

    func testTurningPointsOfV() {
        assertBoundaries(shape([(0, 10), (20, 0), (40, 10)]), [0, 20, 40])
        assertBoundaries(shape([(0, 10), (13, 0), (40, 10)], noise: 0.3), [0, 13, 40])
    }

    func testTurningPointsOfLambda() {
        assertBoundaries(shape([(0, 0), (30, 15), (45, 2)]), [0, 30, 45])
        assertBoundaries(shape([(0, 0), (30, 15), (45, 2)], noise: 0.5, seed: 3), [0, 30, 45])
    }

    func testStepIsFlatJumpFlat() {
        let y = (0..<40).map { $0 < 25 ? 3.0 : 9.0 }
        assertBoundaries(y, [0, 24, 25, 39])
        let result = Trend().analyze(Series(name: "s", x: y.indices.map(Double.init), y: y,
                                            firstRecord: Array(y.indices), lastRecord: Array(y.indices)), xType: .number)
        XCTAssertEqual(result.segments.map(\.direction), [.flat, .rise, .flat])
        XCTAssertEqual(result.segments[1].change.absolute, 6)
    }

    func testTurningPointsOfW() {
        assertBoundaries(shape([(0, 10), (10, 0), (20, 8), (30, 1), (40, 10)]), [0, 10, 20, 30, 40])
        assertBoundaries(shape([(0, 10), (10, 0), (20, 8), (30, 1), (40, 10)], noise: 0.4, seed: 9), [0, 10, 20, 30, 40])
    }

    func testLongWIsRefinedToThePoint() {
        let corners = [(0, 100.0), (1234, 0), (2600, 80), (3901, 10), (5000, 90)]
        assertBoundaries(shape(corners), [0, 1234, 2600, 3901, 5000])
        assertBoundaries(shape(corners, noise: 0.05, seed: 5), [0, 1234, 2600, 3901, 5000])
    }

    func testAtMostTheRequestedSegments() {
        let y = shape([(0, 10), (10, 0), (20, 8), (30, 1), (40, 10)])
        XCTAssertEqual(Segmentation.boundaries(x: y.indices.map(Double.init), y: y, maxSegments: 2).count, 3)
        XCTAssertEqual(Segmentation.boundaries(x: y.indices.map(Double.init), y: y, maxSegments: 1), [0, 40])
    }

    func testStraightLineIsOneSegment() {
        let y = shape([(0, 0), (50, 25)], noise: 0.5, seed: 11)
        assertBoundaries(y, [0, 50])
    }

    func testOutliersByRobustZ() {
        var y = shape([(0, 5), (60, 5)], noise: 1, seed: 2)
        y[17] = 40
        y[44] = -30
        let found = RobustOutliers.find(y, threshold: 3.5)
        XCTAssertEqual(found.map(\.position), [17, 44])
        XCTAssertGreaterThan(found[0].score, 3.5)
        XCTAssertLessThan(found[1].score, -3.5)
        XCTAssertTrue(RobustOutliers.find([2, 2, 2, 2], threshold: 3.5).isEmpty)
        // More than half equal: the MAD is 0 and 1% of the range stands in.
        let ones = [Double](repeating: 1, count: 10)
        XCTAssertEqual(RobustOutliers.find(ones + [9] + ones, threshold: 3.5).map(\.position), [10])
        // A sharp turn is no spike: one side's line nearly meets it.
        XCTAssertEqual(RobustOutliers.find([5, 4, 3.8, 3, 3, 36, 80, 87, 83, 78, 73], threshold: 3.5).map(\.position), [])
        // A step is a change of level, not an outlier; nor is a last value, which has no after.
        XCTAssertEqual(RobustOutliers.find([1, 1, 1, 1, 9, 9, 9, 9], threshold: 3.5).map(\.position), [])
        XCTAssertEqual(RobustOutliers.find([1, 1, 1, 1, 1, 1, 1, 9], threshold: 3.5).map(\.position), [])
    }

    /// Outliers are judged against the series' own course: a trend or a season is none, a spike on
    /// either is one.
    func testOutliersFollowTheTrendAndTheSeason() {
        var random = SplitMix64(seed: 5)
        func noise() -> Double { Double(random.next() % 2001) / 1000 - 1 }
        // A stock that rose ninefold, faster at the end: its last months were outliers of its level.
        var trending = (0..<100).map { 10 * pow(1.023, Double($0)) * (1 + 0.02 * noise()) }
        XCTAssertEqual(RobustOutliers.find(trending, threshold: 3.5).map(\.position), [])
        trending[60] *= 1.6
        XCTAssertEqual(RobustOutliers.find(trending, threshold: 3.5).map(\.position), [60])
        // Three years of a yearly cycle, monthly: no month is an outlier; a spike in a trough is.
        var seasonal = (0..<36).map { 20 + 10 * sin(Double($0) * .pi / 6) + noise() }
        XCTAssertEqual(RobustOutliers.find(seasonal, threshold: 3.5).map(\.position), [])
        seasonal[21] += 12
        XCTAssertEqual(RobustOutliers.find(seasonal, threshold: 3.5).map(\.position), [21])
        // Flat noise: only the spike.
        var flat = (0..<50).map { _ in 5 + noise() }
        XCTAssertEqual(RobustOutliers.find(flat, threshold: 3.5).map(\.position), [])
        flat[10] = 12
        XCTAssertEqual(RobustOutliers.find(flat, threshold: 3.5).map(\.position), [10])
    }

    /// Bars of categories have no order: their outliers are modified z-scores against the median
    /// (Iglewicz & Hoaglin 1993), here checked against numpy's median and MAD of the same values.
    func testOutliersAmongCategoriesAreDistancesFromTheMedian() {
        let y: [Double] = [12, 14, 13, 15, 11, 13, 48, 12, 14, -20]
        let found = RobustOutliers.amongLevels(y, threshold: 3.5)
        XCTAssertEqual(found.map(\.position), [6, 9])
        XCTAssertEqual(found[0].score, 23.6075, accuracy: 1e-9)
        XCTAssertEqual(found[1].score, -22.2585, accuracy: 1e-9)
        // More than half equal (MAD 0): the mean absolute deviation stands in.
        let mostlyEqual = RobustOutliers.amongLevels([5, 5, 5, 5, 5, 5, 9], threshold: 3.5)
        XCTAssertEqual(mostlyEqual.map(\.position), [6])
        XCTAssertEqual(mostlyEqual[0].score, 5.58525493, accuracy: 1e-6)
        XCTAssertTrue(RobustOutliers.amongLevels([3, 3, 3], threshold: 3.5).isEmpty)
        XCTAssertTrue(RobustOutliers.amongLevels([1, 90], threshold: 3.5).isEmpty)
        // The stage: a category chart gets these outliers and nothing that follows the file's order.
        let bars = Series(name: "s", x: y.indices.map(Double.init), y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
        let result = Trend().analyze(bars, xType: .category)
        XCTAssertEqual(result.outliers.map(\.point.index), [6, 9])
        XCTAssertTrue(result.segments.isEmpty)
        XCTAssertTrue(result.peaks.isEmpty)
        XCTAssertTrue(result.valleys.isEmpty)
    }

    /// Values near the largest double have a mean and a spread, not infinity.
    func testExtremeMagnitudesKeepTheirStatistics() {
        let y = [1e308, 1.5e308, 1.7e308, 1e307]
        let result = Trend().analyze(Series(name: "s", x: [1, 2, 3, 4], y: y, firstRecord: [0, 1, 2, 3], lastRecord: [0, 1, 2, 3]),
                                     xType: .number)
        XCTAssertEqual(result.mean ?? 0, 1.075e308, accuracy: 1e294)
        XCTAssertTrue(result.stdev?.isFinite == true)
        XCTAssertEqual(result.stdev ?? 0, 7.13559e307, accuracy: 1e303)
    }

    func testPeaksAndValleysWithProminence() {
        // Two clear peaks (at 10 and 30), a small wiggle at 20 that must not count, a plateau valley.
        var y = shape([(0, 0), (10, 10), (19, 5), (20, 5.5), (21, 5), (30, 9), (40, 0)])
        y[35] = y[34]
        let peaks = Extremes.peaks(y)
        XCTAssertEqual(peaks.map(\.position), [10, 30])
        // The highest peak's bases are the ends of the series; the second's left base is the dip at 19–21.
        XCTAssertEqual(peaks[0].prominence, 10, accuracy: 1e-12)
        XCTAssertEqual(peaks[1].prominence, 9 - 5, accuracy: 1e-12)
        XCTAssertEqual(Extremes.valleys(y).map(\.position), [19, 21])
        XCTAssertEqual(Extremes.valleys(y).map(\.prominence), [4, 4])
        let plateau: [Double] = [0, 3, 3, 3, 1, 1, 4, 0]
        XCTAssertEqual(Extremes.peaks(plateau).map(\.position), [1, 6])
        XCTAssertEqual(Extremes.valleys(plateau).map(\.position), [4])
    }

    /// Peaks and valleys against prominence found by walking out from each peak to the nearest
    /// higher point on each side (the definition, O(n²)): random walks with plateaus, on both signs,
    /// with more than `limit` peaks so that the most prominent are the ones kept.
    func testPeaksAndValleysMatchTheDefinition() {
        func definition(_ y: [Double]) -> [(position: Int, prominence: Double)] {
            let n = y.count
            guard n >= 3, let low = y.min(), let high = y.max(), high > low else { return [] }
            var found: [(position: Int, prominence: Double)] = []
            for i in 1..<(n - 1) where y[i] > y[i - 1] {
                var end = i
                while end + 1 < n && y[end + 1] == y[i] { end += 1 }
                guard end + 1 < n, y[end + 1] < y[i] else { continue }
                var left = y[i], j = i - 1
                while j >= 0 && y[j] <= y[i] { left = min(left, y[j]); j -= 1 }
                var right = y[end], k = end + 1
                while k < n && y[k] <= y[end] { right = min(right, y[k]); k += 1 }
                let prominence = y[i] - max(left, right)
                if prominence >= Extremes.minimumProminence * (high - low) { found.append((i, prominence)) }
            }
            if found.count > Extremes.limit {
                found = Array(found.sorted { $0.prominence != $1.prominence ? $0.prominence > $1.prominence : $0.position < $1.position }
                    .prefix(Extremes.limit)).sorted { $0.position < $1.position }
            }
            return found
        }
        var state: UInt64 = 0x9EA5
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for (length, spread) in [(300, 3), (2_000, 5), (5_000, 2)] {
            var y: [Double] = []
            var level = 0.0
            for _ in 0..<length {
                level += Double(next() % (2 * spread + 1) - spread)
                y.append(level)
            }
            // Plateaus, and one spike a step above the walk's range (a small prominence floor).
            for i in stride(from: 5, to: length - 1, by: 37) { y[i] = y[i - 1] }
            y[length / 2] = (y.max() ?? 0) + 1
            for series in [y, y.map { -$0 }] {
                let peaks = Extremes.peaks(series), valleys = Extremes.valleys(series)
                let expectedPeaks = definition(series), expectedValleys = definition(series.map { -$0 })
                XCTAssertEqual(peaks.map(\.position), expectedPeaks.map(\.position), "peaks of \(length)")
                XCTAssertEqual(peaks.map(\.prominence), expectedPeaks.map(\.prominence), "peaks of \(length)")
                XCTAssertEqual(valleys.map(\.position), expectedValleys.map(\.position), "valleys of \(length)")
                XCTAssertEqual(valleys.map(\.prominence), expectedValleys.map(\.prominence), "valleys of \(length)")
                XCTAssertFalse(peaks.isEmpty)
            }
        }
    }

    func testThresholdCrossingsInterpolate() {
        let x: [Double] = [0, 1, 2, 3, 4, 5]
        let y: [Double] = [0, 10, 10, 5, 5, 20]
        let found = Crossings.crossings(x: x, y: y, level: 7.5)
        XCTAssertEqual(found.count, 3)
        XCTAssertEqual(found[0].x, 0.75, accuracy: 1e-12)
        XCTAssertEqual(found[0].position, 1)
        XCTAssertTrue(found[0].upward)
        XCTAssertEqual(found[1].x, 2.5, accuracy: 1e-12)
        XCTAssertFalse(found[1].upward)
        XCTAssertEqual(found[2].x, 4 + 2.5 / 15, accuracy: 1e-12)
        // Touching the level and turning back is no crossing.
        XCTAssertTrue(Crossings.crossings(x: [0, 1, 2], y: [0, 7.5, 0], level: 7.5).isEmpty)
    }

    func testCrossoversOnDifferentGrids() {
        let found = Crossings.crossovers(ax: [0, 2, 4], ay: [0, 4, 8], bx: [1, 3, 5], by: [3, 3, 3])
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].x, 1.5, accuracy: 1e-12)
        XCTAssertEqual(found[0].positionA, 1)
        XCTAssertEqual(found[0].positionB, 1)
        XCTAssertTrue(found[0].aAbove)
    }

    /// A crossing names the first point on the new side, whose value is past the level.
    func testACrossingNamesTheFirstPointPastTheLevel() {
        let found = Crossings.crossings(x: [0, 1, 2, 3, 4], y: [-10, -5, 0, 10, 20], level: 0)
        XCTAssertEqual(found.map(\.position), [3])
        XCTAssertEqual(found.first?.x, 2)
        XCTAssertEqual(found.first?.upward, true)
    }
}
