import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// The demo's SVG charts in a real browser: each parses as XML and renders in headless chromium in
/// the light and dark schemes and in forced colours; the Korean and Chinese charts show glyphs, not
/// missing-glyph boxes. The renders stay in .build/renders/demo/ for people to look at.
final class RenderTests: XCTestCase {
    func testDemoChartsRenderWithCJKGlyphs() throws {
        let out = try DemoTests.demo()
        var files: [(locale: String, path: String)] = []
        for chart in DemoTests.charts {
            for locale in DemoTests.locales {
                files.append((locale, out.appendingPathComponent("charts/\(chart)/chart.\(locale).svg").path))
            }
        }
        let folder = TestPython.renders.appendingPathComponent("demo").path
        let result = try TestPython.run("render_svg.py", [folder, "--schemes", "light,dark,forced", "--cjk-check"] + files.map(\.path))
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONParser.parse(Array(result.stdout.utf8))
        for (locale, path) in files {
            let entry = try XCTUnwrap(report[path], path)
            XCTAssertEqual(entry["parsed"], .bool(true), path)
            var sizes: [Int] = []
            for scheme in ["light", "dark", "forced"] {
                let png = try XCTUnwrap(entry["renders"]?[scheme]?["png"]?.stringValue, "\(path) \(scheme)")
                let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
                XCTAssertGreaterThan(bytes.count, 5_000, "\(png) is nearly empty")
                sizes.append(bytes.count)
            }
            XCTAssertEqual(Set(sizes).count, 3, "\(path): the three schemes look different")
            let cjk = entry["cjk"]?.doubleValue ?? 0, differing = entry["differing"]?.doubleValue ?? 0
            if locale == "en" {
                XCTAssertEqual(cjk, 0, path)
            } else {
                // Glyphs differ from the boxes a missing glyph leaves over thousands of pixels.
                XCTAssertGreaterThan(cjk, 50, path)
                XCTAssertGreaterThan(differing, 1_000, "\(path): CJK text looks like missing-glyph boxes")
            }
        }
        // The control: with fonts that lack CJK glyphs the same check sees only boxes.
        let cjkFiles = files.filter { $0.locale != "en" }.prefix(2).map(\.path)
        let control = try TestPython.run("render_svg.py", [folder, "--cjk-check", "--without-cjk-fonts"] + cjkFiles)
        XCTAssertEqual(control.status, 0, control.stderr)
        let controlReport = try JSONParser.parse(Array(control.stdout.utf8))
        for path in cjkFiles {
            XCTAssertEqual(controlReport[path]?["differing"]?.doubleValue, 0, "\(path): without CJK fonts the check must find boxes")
        }
    }
}
