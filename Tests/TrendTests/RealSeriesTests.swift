import ChartpipeCore
import XCTest
@testable import Trend
import ChartpipeJSON
import ChartpipeTestSupport

/// Trends and cycles of real series (Fixtures/real.json, made by Fixtures/real_series.py) against
/// pymannkendall's original and Hamed-Rao tests and numpy's autocorrelation (issue 31).
final class RealSeriesTests: XCTestCase {
    func close(_ a: Double?, _ b: Double?, _ what: String, relative: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        guard let a, let b else { return XCTFail("\(what): \(String(describing: a)) vs \(String(describing: b))", file: file, line: line) }
        XCTAssertLessThanOrEqual(abs(a - b), relative * Swift.max(abs(a), abs(b), 1e-300), "\(what): \(a) vs \(b)", file: file, line: line)
    }

    func testTrendsCyclesAndTheTestUsedMatchTheReferences() throws {
        let cases = try ReferenceTests.load("real.json")
        XCTAssertEqual(cases.count, 4)
        for c in cases {
            let name = c["name"]?.stringValue ?? "?"
            let x = ReferenceTests.numbers(c["x"]), y = ReferenceTests.numbers(c["y"])
            let series = Series(name: name, x: x, y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
            let result = Trend().analyze(series, xType: .number)
            let mk = try XCTUnwrap(result.mannKendall, name)
            let original = try XCTUnwrap(c["original"]), hamedRao = try XCTUnwrap(c["hamedRao"])
            XCTAssertEqual(mk.s, original["s"]?.intValue, name)
            // The rule: the correction when r(1) of the detrended ranks or a cycle is significant, never shrinking the variance.
            let acf = ReferenceTests.numbers(c["acf"])
            let bound = try XCTUnwrap(c["bound"]?.doubleValue)
            let ratio = (hamedRao["varS"]?.doubleValue ?? 0) / (original["varS"]?.doubleValue ?? 1)
            let corrected = (abs(acf[1]) > bound || c["cycleLag"] != .null) && ratio > 1
            let reference = corrected ? hamedRao : original
            XCTAssertEqual(mk.test, corrected ? .hamedRao : .original, name)
            // Ranks of values detrended by a Sen slope that may differ from pymannkendall's in the last bits: 1e-5.
            close(mk.varS, reference["varS"]?.doubleValue, "\(name) varS", relative: 1e-5)
            close(mk.z, reference["z"]?.doubleValue, "\(name) z", relative: 1e-5)
            // pymannkendall's 2(1 - Φ) is 0 below about 1e-16.
            let p = try XCTUnwrap(reference["p"]?.doubleValue)
            XCTAssertEqual(mk.p, p, accuracy: Swift.max(1e-4 * p, 1e-15), "\(name) p")
            XCTAssertEqual(mk.trend.rawValue, reference["trend"]?.stringValue, name)
            XCTAssertEqual(result.cycle?.lag, c["cycleLag"]?.intValue, "\(name) cycle")
            if let lag = result.cycle?.lag {
                close(result.cycle?.autocorrelation, acf[lag], "\(name) r(\(lag))")
                XCTAssertEqual(result.cycle?.lastPeak?.x, c["lastPeak"]?.doubleValue, "\(name) last peak")
            }
        }
    }

    /// The FFT path gives the direct sums.
    func testAutocorrelationByFFTMatchesTheDirectSums() {
        var g = SplitMix64(seed: 31)
        let y = (0..<3000).map { i in sin(Double(i) / 7) + Double(g.next() % 1000) / 1000 }
        let fft = Autocorrelation.of(y, maxLag: 2999)  // 3000 × 3000 > directUpTo: by FFT
        let mean = y.reduce(0, +) / 3000
        let c = y.map { $0 - mean }
        let c0 = c.reduce(0) { $0 + $1 * $1 }
        for k in [0, 1, 7, 44, 1500, 2999] {
            var sum = 0.0
            for t in 0..<(3000 - k) { sum += c[t] * c[t + k] }
            XCTAssertEqual(fft[k], sum / c0, accuracy: 1e-10, "lag \(k)")
        }
    }

    /// Noise has no cycle: the rule's false alarms on white noise, random walks and AR(1) stay rare.
    func testNoiseRarelyHasACycle() {
        var g = SplitMix64(seed: 1998)
        func normal() -> Double {
            let u = (Double(g.next() % 1_000_000) + 0.5) / 1_000_000, v = Double(g.next() % 1_000_000) / 1_000_000
            return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
        }
        var found = 0
        for trial in 0..<60 {
            var y = [Double](repeating: 0, count: 200)
            for t in 1..<200 { y[t] = (trial % 3 == 0 ? 0 : (trial % 3 == 1 ? 0.8 : 1)) * y[t - 1] + normal() }
            let s = Series(name: "noise", x: y.indices.map(Double.init), y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
            if Trend().analyze(s, xType: .number).cycle != nil { found += 1 }
        }
        XCTAssertLessThanOrEqual(found, 2)
    }
}
