import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// The golden charts of `ReadableChartTests` in headless chromium (one browser for the suite):
/// the narrow ones (320 px, as `chart.<locale>.narrow.svg`) in a 390 px window, the wide ones in a
/// 1280 px one. Every tick label is drawn at
/// 12 px or more, no two text boxes overlap, and no text is cut off at the SVG's edge. The renders (light and dark) stay in
/// .build/renders/charts/ for people to look at. Korean, Japanese and Chinese charts are among them at both widths, their
/// tick labels drawn (and so measured) in the locale's own CJK font, not in a fallback without the glyphs.
final class ChartRenderTests: XCTestCase {
    func testTextIsReadableAndNeverOverlapsInChromium() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ReadableChartTests.golden.path).filter { $0.hasSuffix(".svg") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 20)
        let folder = TestPython.renders.appendingPathComponent("charts").path
        let cjkFonts = ["ko": "Noto Sans CJK KR", "ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC"]
        for (width, tag) in [(390, ".320."), (1280, ".720.")] {
            let chosen = files.filter { $0.contains(tag) }.map { ReadableChartTests.golden.appendingPathComponent($0).path }
            for locale in cjkFonts.keys { XCTAssertTrue(chosen.contains { $0.hasSuffix(".\(locale).svg") }, "a \(locale) chart at \(width) px") }
            let result = try TestPython.run("measure_svg_text.py", [folder, String(width)] + chosen)
            XCTAssertEqual(result.status, 0, result.stderr)
            let report = try JSONParser.parse(Array(result.stdout.utf8))
            for path in chosen {
                let entry = try XCTUnwrap(report[path], path)
                let name = URL(fileURLWithPath: path).lastPathComponent
                XCTAssertGreaterThan(entry["ticks"]?.doubleValue ?? 0, 2, "\(name): tick labels drawn")
                XCTAssertGreaterThanOrEqual(entry["minTickSize"]?.doubleValue ?? 0, 12, "\(name) at \(width) px")
                XCTAssertGreaterThanOrEqual(entry["minSize"]?.doubleValue ?? 0, 12, "\(name) at \(width) px")
                XCTAssertEqual(entry["outside"]?.arrayValue?.count, 0, "\(name) at \(width) px: text cut off at the edge")
                XCTAssertEqual(entry["overlaps"]?.arrayValue?.count, 0, "\(name) at \(width) px: \(entry["overlaps"].map { JSONWriter().string($0) } ?? "")")
                let locale = name.split(separator: ".").dropLast().last.map(String.init) ?? ""
                if let font = cjkFonts[locale] {
                    XCTAssertEqual(entry["tickFonts"], .array([.string(font)]), "\(name): the tick labels' font")
                }
            }
        }
    }
}
