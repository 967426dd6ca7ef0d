@testable import Chart
import ChartpipeCore
import ChartpipeJSON
import Foundation
import XCTest

/// Series told apart without colour: every pair of the first `SeriesStyle.distinctCount` styles
/// differs in at least two channels besides hue, and their colours stay apart (CIEDE2000) under
/// simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009,
/// severity 1.0), with 3:1 contrast against both backgrounds. The simulation and CIELAB are checked
/// against colorspacious and the CIEDE2000 against Sharma et al.'s test data (`Fixtures/palette.json`,
/// written by `Fixtures/palette.py`).
final class SeriesStyleTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/palette.json")

    /// Machado et al. (2009), table of severity 1.0, applied to linear sRGB.
    static let matrices: [(String, [[Double]])] = [
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
        ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]

    static func rgb(_ hex: String) -> [Double] {
        let digits = Array(hex.utf8.dropFirst())
        return (0..<3).map { Double(Int(String(decoding: digits[(2 * $0)..<(2 * $0 + 2)], as: UTF8.self), radix: 16) ?? 0) / 255 }
    }

    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func gamma(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }

    /// The colour as seen with the deficiency (unclipped, as colorspacious gives it).
    static func simulate(_ rgb: [Double], _ m: [[Double]]) -> [Double] {
        let l = rgb.map(linear)
        return (0..<3).map { i in gamma(max(0, min(1, (0..<3).map { m[i][$0] * l[$0] }.reduce(0, +)))) }
    }

    static func simulateUnclipped(_ rgb: [Double], _ m: [[Double]]) -> [Double] {
        let l = rgb.map(linear)
        return (0..<3).map { i in
            // colorspacious continues the linear segment below zero.
            gamma((0..<3).map { m[i][$0] * l[$0] }.reduce(0, +))
        }
    }

    /// CIELAB (D65) of an sRGB colour, with the sRGB standard's matrix.
    static func lab(_ rgb: [Double]) -> [Double] {
        let l = rgb.map(linear)
        let m = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
        let xyz = (0..<3).map { i in 100 * (0..<3).map { m[i][$0] * l[$0] }.reduce(0, +) }
        let white = [95.047, 100, 108.883]
        let f = (0..<3).map { i -> Double in
            let t = xyz[i] / white[i]
            return t > pow(6.0 / 29, 3) ? cbrt(t) : t / (3 * pow(6.0 / 29, 2)) + 4.0 / 29
        }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    /// CIEDE2000 (Sharma, Wu & Dalal 2005, equations 1–22).
    static func ciede2000(_ p: [Double], _ q: [Double]) -> Double {
        let rad = Double.pi / 180
        let c1 = hypot(p[1], p[2]), c2 = hypot(q[1], q[2]), cm = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(cm, 7) / (pow(cm, 7) + pow(25, 7))))
        let a1 = (1 + g) * p[1], a2 = (1 + g) * q[1]
        let c1p = hypot(a1, p[2]), c2p = hypot(a2, q[2])
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p[2], a1), h2 = hue(q[2], a2)
        var dh = 0.0
        if c1p * c2p != 0 { dh = abs(h2 - h1) <= 180 ? h2 - h1 : (h2 > h1 ? h2 - h1 - 360 : h2 - h1 + 360) }
        let dL = q[0] - p[0], dC = c2p - c1p, dH = 2 * sqrt(c1p * c2p) * sin(dh / 2 * rad)
        let lm = (p[0] + q[0]) / 2, cpm = (c1p + c2p) / 2
        var hm = h1 + h2
        if c1p * c2p != 0 { hm = abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2) }
        let t = 1 - 0.17 * cos((hm - 30) * rad) + 0.24 * cos(2 * hm * rad) + 0.32 * cos((3 * hm + 6) * rad) - 0.2 * cos((4 * hm - 63) * rad)
        let theta = 30 * exp(-pow((hm - 275) / 25, 2))
        let rc = 2 * sqrt(pow(cpm, 7) / (pow(cpm, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(lm - 50, 2) / sqrt(20 + pow(lm - 50, 2)), sc = 1 + 0.045 * cpm, sh = 1 + 0.015 * cpm * t
        let rt = -sin(2 * theta * rad) * rc
        return sqrt(pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh))
    }

    func testColourScienceMatchesTheReferences() throws {
        let reference = try JSONParser.parse(Array(try Data(contentsOf: Self.fixture)))
        for pair in reference["sharma"]?.arrayValue ?? [] {
            let a = (pair["a"]?.arrayValue ?? []).compactMap(\.doubleValue), b = (pair["b"]?.arrayValue ?? []).compactMap(\.doubleValue)
            XCTAssertEqual(Self.ciede2000(a, b), pair["deltaE"]?.doubleValue ?? 0, accuracy: 1e-4)
        }
        var checked = 0
        for colour in SeriesStyle.palette {
            for hex in [colour.light, colour.dark] {
                let entry = try XCTUnwrap(reference["simulated"]?[hex], "\(hex) is not in palette.json: rerun palette.py")
                for (name, m) in Self.matrices {
                    let want = (entry[name]?.arrayValue ?? []).compactMap(\.doubleValue)
                    let got = Self.simulateUnclipped(Self.rgb(hex), m)
                    XCTAssertEqual(want.count, 3)
                    for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-3, "\(hex) \(name)") }
                    checked += 1
                }
                for (g, w) in zip(Self.lab(Self.rgb(hex)), (entry["lab"]?.arrayValue ?? []).compactMap(\.doubleValue)) {
                    XCTAssertEqual(g, w, accuracy: 0.05, hex)
                }
            }
        }
        XCTAssertEqual(checked, SeriesStyle.palette.count * 6)
    }

    /// Every pair of styles up to the count: the channels they differ in, and how far apart their
    /// colours are under each simulated deficiency.
    func testEveryPairDiffersInTwoChannelsAndStaysApartUnderEachDeficiency() {
        let count = SeriesStyle.distinctCount
        XCTAssertGreaterThanOrEqual(count, 12)
        XCTAssertEqual(SeriesStyle.palette.count, count)
        let styles = (0..<count).map(SeriesStyle.init)
        var smallest = Double.infinity
        for i in 0..<count {
            for j in (i + 1)..<count {
                for mark in Mark.allCases {
                    let channels = styles[i].channels(apartFrom: styles[j], mark: mark)
                    // Points are markers only: shape for every pair, fill between the two halves.
                    XCTAssertGreaterThanOrEqual(channels.count, mark == .point ? 1 : 2, "series \(i) and \(j) as \(mark): \(channels.sorted())")
                }
                for scheme in [\SeriesStyle.Colour.light, \.dark] {
                    let a = Self.rgb(styles[i].colour[keyPath: scheme]), b = Self.rgb(styles[j].colour[keyPath: scheme])
                    for (name, m) in [("normal", [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]])] + Self.matrices {
                        let d = Self.ciede2000(Self.lab(Self.simulate(a, m)), Self.lab(Self.simulate(b, m)))
                        smallest = min(smallest, d)
                        XCTAssertGreaterThanOrEqual(d, SeriesStyle.minimumDeltaE, "series \(i) and \(j), \(name)")
                    }
                }
            }
        }
        XCTAssertLessThan(smallest, SeriesStyle.minimumDeltaE + 2, "the documented floor is near what the palette reaches")
        // The highlight layout's grey of the quiet series too: faint, yet still 3:1.
        for colour in SeriesStyle.palette + [ChartPicture.quiet] {
            XCTAssertGreaterThanOrEqual(Contrast.ratio(colour.light, SeriesStyle.lightBackground), 3, colour.light)
            XCTAssertGreaterThanOrEqual(Contrast.ratio(colour.dark, SeriesStyle.darkBackground), 3, colour.dark)
        }
    }

    func testMarkersAreTwelveDifferentOutlines() {
        let paths = (0..<SeriesStyle.distinctCount).map { SeriesStyle(index: $0).markerPath(x: 10, y: 10, r: 4, number: SVGWriter.number) }
        XCTAssertEqual(Set(paths).count, SeriesStyle.distinctCount)
    }
}
