@testable import Chart
import ChartpipeCore
import ChartpipeText
import Describe
import Downsample
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Trend
import XCTest
import ChartpipeTestSupport

/// The `chart` stage: well-formed, accessible, deterministic SVG that never tells series apart by
/// colour alone, with round ticks and hostile text escaped.
final class ChartTests: XCTestCase {
    static let locales = ["en", "zh-Hans", "ko", "ja"]
    static let day = 86_400_000.0
    static let june1 = Double(TimeText.days(year: 2026, month: 6, day: 1)) * day

    static func spec(id: String = "sales", title: String = "Daily sales", mark: Mark = .line, xType: XType = .time,
                     yTitle: String? = "Revenue", unit: String? = "USD", range: ClosedRange<Double>? = nil,
                     thresholds: [(name: String, value: Double)] = [], seriesField: String? = "region") -> ChartSpec {
        ChartSpec(id: id, title: title, mark: mark, source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                  x: XSpec(field: "date", type: xType, title: "Date"),
                  y: YSpec(fields: ["revenue"], title: yTitle, unit: unit, range: range, thresholds: thresholds),
                  seriesField: seriesField, location: SourceLocation(path: "test.pipeline"))
    }

    static func series(_ name: String, x: [Double], y: [Double]) -> Series {
        Series(name: name, x: x, y: y, firstRecord: Array(x.indices), lastRecord: Array(x.indices))
    }

    static func context(_ chart: ChartSpec, _ set: SeriesSet, points: Int? = nil) throws -> ChartContext {
        var context = ChartContext(chart: chart, run: RunInfo(locales: locales, pipelineDirectory: "/tmp", pipelineName: "test"),
                                   data: set)
        if let points { try Downsample(["method": "lttb", "points": points.optionValue]).run(&context) }
        try Trend().run(&context)
        try Describe().run(&context)
        return context
    }

    /// Four regions over 40 days, one with a gap.
    static func sales(mark: Mark = .line, names: [String] = ["North", "South", "East", "West"]) throws -> ChartContext {
        let xs = (0..<40).map { june1 + Double($0) * day }
        var set = SeriesSet(xType: .time)
        for (k, name) in names.enumerated() {
            var y = xs.indices.map { 800 + 200 * Double(k) + 9 * Double($0) + Double(($0 * 37 + k * 11) % 23) * 6 }
            if k == 1 { y[12] = .nan }
            set.series.append(series(name, x: xs, y: y))
        }
        return try context(spec(mark: mark, thresholds: [("target", 1500)]), set)
    }

    static func svgs(_ context: ChartContext, chart: Chart? = nil) throws -> [String: String] {
        var context = context
        context.artifacts = []
        try (chart ?? Chart()).run(&context)
        var out: [String: String] = [:]
        for artifact in context.artifacts where artifact.kind == "chart" { out[artifact.locale ?? ""] = String(decoding: artifact.bytes, as: UTF8.self) }
        return out
    }

    /// The elements of an SVG document with their attributes, parsed by Foundation's XML parser
    /// (libxml2); nil when it is not well-formed.
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String: String] = [:]
        private var current: [String] = []
        private var text = ""

        static func parse(_ svg: String) -> Elements? {
            let delegate = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = delegate
            return parser.parse() ? delegate : nil
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
            current.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let id = elements.last(where: { $0.name == name })?.attributes["id"], name == "title" || name == "desc" {
                texts[id] = text
            }
            current.removeLast()
        }
    }

    // MARK: Accessibility and form

    func testEveryMarkGivesWellFormedAccessibleSVG() throws {
        for mark in Mark.allCases {
            let context = try Self.sales(mark: mark)
            let descriptions = try XCTUnwrap(context[DescriptionsKey.self])
            for (locale, svg) in try Self.svgs(context) {
                let parsed = try XCTUnwrap(Elements.parse(svg), "\(mark) [\(locale)] is not well-formed XML")
                let root = try XCTUnwrap(parsed.elements.first)
                XCTAssertEqual(root.name, "svg")
                XCTAssertEqual(root.attributes["role"], "img")
                XCTAssertEqual(root.attributes["lang"], locale)
                let ids = (root.attributes["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
                XCTAssertEqual(ids, ["chartpipe-sales-\(locale)-title", "chartpipe-sales-\(locale)-desc"])
                XCTAssertEqual(parsed.texts[ids[0]], descriptions[locale]?.title)
                XCTAssertEqual(parsed.texts[ids[1]], descriptions[locale]?.summary)
                // Everything drawn is hidden from assistive technology; there is no script.
                XCTAssertEqual(parsed.elements.filter { $0.attributes["aria-hidden"] == "true" }.count, 1)
                XCTAssertFalse(parsed.elements.contains { $0.name == "script" || $0.name == "foreignObject" })
                XCTAssertFalse(parsed.elements.contains { $0.attributes.keys.contains { $0.lowercased().hasPrefix("on") } })
                XCTAssertTrue(svg.contains("@media (prefers-color-scheme: dark)"))
                XCTAssertTrue(svg.contains("@media (forced-colors: active)"))
            }
        }
    }

    func testTheSameChartIsTheSameBytes() throws {
        let context = try Self.sales()
        XCTAssertEqual(try Self.svgs(context), try Self.svgs(context))
    }

    func testCJKLocalesNameFontsWithTheirGlyphs() throws {
        let svgs = try Self.svgs(try Self.sales())
        XCTAssertTrue(svgs["ko"]?.contains("font-family=\"Noto Sans CJK KR,") ?? false)
        XCTAssertTrue(svgs["zh-Hans"]?.contains("font-family=\"Noto Sans CJK SC,") ?? false)
        XCTAssertTrue(svgs["ja"]?.contains("font-family=\"Noto Sans CJK JP,") ?? false)
        XCTAssertTrue(svgs["en"]?.contains("Noto Sans CJK SC, sans-serif") ?? false)
        XCTAssertTrue(svgs["zh-Hans"]?.contains(">Revenue（美元）</text>") ?? false, "the y title with its unit")
    }

    // MARK: Never colour alone

    func testSeriesDifferInShapeDashAndPatternAndColoursHaveContrast() {
        let styles = (0..<6).map(SeriesStyle.init)
        XCTAssertEqual(Set(styles.map(\.shape)).count, 6)
        XCTAssertEqual(Set(styles.map { $0.dash ?? "solid" }).count, 6)
        XCTAssertEqual(Set(styles.map(\.pattern)).count, 6)
        for colour in SeriesStyle.palette {
            XCTAssertGreaterThanOrEqual(Contrast.ratio(colour.light, SeriesStyle.lightBackground), 3, colour.light)
            XCTAssertGreaterThanOrEqual(Contrast.ratio(colour.dark, SeriesStyle.darkBackground), 3, colour.dark)
        }
        // Text: the ink and muted colours are readable in both schemes (4.5:1).
        XCTAssertGreaterThanOrEqual(Contrast.ratio(ChartPicture.ink, SeriesStyle.lightBackground), 4.5)
        XCTAssertGreaterThanOrEqual(Contrast.ratio(ChartPicture.muted, SeriesStyle.lightBackground), 4.5)
        XCTAssertGreaterThanOrEqual(Contrast.ratio("#9aa4ae", SeriesStyle.darkBackground), 4.5)
        // A reference check of the formula: black on white is 21:1.
        XCTAssertEqual(Contrast.ratio("#000000", "#ffffff"), 21, accuracy: 1e-9)
    }

    func testLinesAreLabelledAtTheirEndsAndBarsByALegend() throws {
        let lines = try Self.svgs(try Self.sales())["en"] ?? ""
        for name in ["North", "South", "East", "West"] { XCTAssertEqual(lines.components(separatedBy: ">\(name)</text>").count, 2, name) }
        // Each series' line has its own dash; the first is solid.
        XCTAssertTrue(lines.contains("stroke-dasharray=\"8 4\""))
        XCTAssertTrue(lines.contains("stroke-dasharray=\"2 3\""))
        let bars = try Self.svgs(try Self.sales(mark: .bar))["en"] ?? ""
        XCTAssertTrue(bars.contains("<pattern id=\"chartpipe-sales-en-p1\""))
        XCTAssertTrue(bars.contains("fill=\"url(#chartpipe-sales-en-p3)\""))
        let long = try Self.svgs(try Self.sales(names: ["A region whose name is far too long to sit beside a line", "South"]))["en"] ?? ""
        let picture = try XCTUnwrap(Elements.parse(long))
        // A legend, since the label would not fit beside the line: its first name is set right of its
        // swatch, at x = 16 + 34.
        XCTAssertTrue(picture.elements.contains { $0.name == "text" && ($0.attributes["x"] ?? "") == "50" })
    }

    /// A value with gaps on both sides is drawn with its series' marker, not only as a 2-pixel dot.
    func testALoneValueBetweenGapsHasAMarker() throws {
        let xs = (0..<30).map { Self.june1 + Double($0) * Self.day }
        var y = xs.indices.map { 100 + Double($0) }
        y[9] = .nan
        y[11] = .nan
        let context = try Self.context(Self.spec(seriesField: nil), SeriesSet(xType: .time, series: [Self.series("s", x: xs, y: y)]))
        let svg = try XCTUnwrap(Self.svgs(context)["en"])
        let picture = try XCTUnwrap(Elements.parse(svg))
        let markers = try XCTUnwrap(picture.elements.first { $0.name == "path" && ($0.attributes["class"] ?? "") == "f0 edge" }?.attributes["d"])
        // The lone point's dot starts 1 px left of its x; its marker (series 0: a circle of radius 4) 4 px left.
        let dot = try XCTUnwrap(picture.elements.first { $0.name == "path" && ($0.attributes["class"] ?? "") == "c0" }?.attributes["d"])
        let lone = try XCTUnwrap(dot.components(separatedBy: "M").first { $0.hasSuffix("h2") })
        let parts = lone.dropLast(2).split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(parts.count, 2)
        let circle = "M\(SVGWriter.number(parts[0] + 1 - 4)) \(SVGWriter.number(parts[1]))a4 4 0 1 0 8 0"
        XCTAssertTrue(markers.contains(circle), "\(circle) not in \(markers)")
    }

    func testThresholdsAreDrawnWithTheirNames() throws {
        let svgs = try Self.svgs(try Self.sales())
        XCTAssertTrue(svgs["en"]?.contains(">target: $1,500</text>") ?? false)
        XCTAssertTrue(svgs["ko"]?.contains(">target: 1,500달러</text>") ?? false)
        XCTAssertTrue(svgs["en"]?.contains("stroke-dasharray=\"6 4\"") ?? false)
    }

    // MARK: Scales

    func testValueScalesAreRoundCoverTheDataAndBarsStartAtZero() {
        let dynamic = ValueScale(values: [1022, 1987.5, .nan], thresholds: [], fixed: nil, fromZero: false)
        XCTAssertEqual(dynamic.ticks, [1000, 1200, 1400, 1600, 1800, 2000])
        let withTarget = ValueScale(values: [1022, 1400], thresholds: [1500], fixed: nil, fromZero: false)
        XCTAssertGreaterThanOrEqual(withTarget.domain.upperBound, 1500)
        let bars = ValueScale(values: [3120, 9876], thresholds: [], fixed: nil, fromZero: true)
        XCTAssertEqual(bars.ticks.first, 0)
        XCTAssertEqual(bars.baseline, 0)
        let negative = ValueScale(values: [-40, 25], thresholds: [], fixed: nil, fromZero: true)
        XCTAssertTrue(negative.ticks.contains(0))
        XCTAssertEqual(negative.baseline, 0)
        let fixed = ValueScale(values: [12, 97], thresholds: [20], fixed: 0...100, fromZero: true)
        XCTAssertEqual(fixed.domain, 0...100)
        XCTAssertEqual(fixed.ticks, [0, 20, 40, 60, 80, 100])
        XCTAssertEqual(fixed.position(100, top: 10, bottom: 110), 10)
        XCTAssertEqual(fixed.position(0, top: 10, bottom: 110), 110)
    }

    func testTimeTicksAreCalendarDaysAndCategoriesAreEachLabelled() throws {
        let svg = try Self.svgs(try Self.sales())["en"] ?? ""
        XCTAssertTrue(svg.contains(">Jun 1, 2026</text>") || svg.contains(">Jun 2026</text>"), svg)
        XCTAssertTrue(svg.contains(">Jun 29</text>") || svg.contains(">Jul</text>"))
        let fruit = SeriesSet(xType: .category, categories: ["Apples", "Pears", "Plums"],
                              series: [Self.series("sold", x: [0, 1, 2], y: [12, 30, 7])])
        let bars = try Self.svgs(try Self.context(Self.spec(mark: .bar, xType: .category, unit: nil, seriesField: nil), fruit))["en"] ?? ""
        for name in ["Apples", "Pears", "Plums"] { XCTAssertTrue(bars.contains(">\(name)</text>"), name) }
        XCTAssertEqual(bars.components(separatedBy: "<rect class=\"f0 c0\"").count - 1, 3)
    }

    /// The root says where values are drawn (for the report's focus marker): mapping each point's
    /// x and y through it lands on the centre of the point's tooltip target, or of its bar.
    func testTheRootSaysWhereEachValueIsDrawn() throws {
        func numbers(_ text: String?) -> [Double] { (text ?? "").split(separator: " ").compactMap { Double($0) } }
        for mark in [Mark.line, .bar] {
            let context = try Self.sales(mark: mark)
            let parsed = try XCTUnwrap(Elements.parse(try Self.svgs(context)["en"] ?? ""))
            let root = try XCTUnwrap(parsed.elements.first).attributes
            let plot = numbers(root["data-plot"]), xDomain = numbers(root["data-x-domain"]), yDomain = numbers(root["data-y-domain"])
            XCTAssertEqual(plot.count, 4)
            XCTAssertEqual(xDomain.count, 2)
            XCTAssertEqual(yDomain.count, 2)
            func position(series k: Int, x: Double, y: Double) -> (x: Double, y: Double) {
                var px = plot[0] + (x - xDomain[0]) / (xDomain[1] - xDomain[0]) * (plot[2] - plot[0])
                if mark == .bar, let group = numbers(root["data-bar-group"]).first {
                    let count = Double(context.data.series.count)
                    px += -group / 2 + (Double(k) + 0.5) * group / count
                }
                return (px, plot[3] - (y - yDomain[0]) / (yDomain[1] - yDomain[0]) * (plot[3] - plot[1]))
            }
            var drawn: [(x: Double, y: Double)] = []
            for element in parsed.elements {
                let a = element.attributes
                if mark == .line, element.name == "circle", let cx = Double(a["cx"] ?? ""), let cy = Double(a["cy"] ?? "") {
                    drawn.append((cx, cy))
                } else if mark == .bar, element.name == "rect", a["stroke-width"] == "1", a["class"] != "nodata",
                          let x = Double(a["x"] ?? ""), let y = Double(a["y"] ?? ""), let w = Double(a["width"] ?? "") {
                    drawn.append((x - 0.3 + (w + 0.6) / 2, y))
                }
            }
            var expected: [(x: Double, y: Double)] = []
            for (k, s) in context.data.series.enumerated() {
                for i in s.y.indices where s.y[i].isFinite {
                    // Bars start at zero: their top is the value's end (the data here is positive).
                    expected.append(position(series: k, x: s.x[i], y: s.y[i]))
                }
            }
            XCTAssertEqual(drawn.count, expected.count, "\(mark)")
            for (d, e) in zip(drawn, expected) {
                XCTAssertEqual(d.x, e.x, accuracy: 0.15, "\(mark)")
                XCTAssertEqual(d.y, e.y, accuracy: 0.15, "\(mark)")
            }
        }
    }

    // MARK: Hostile text

    static let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "]]>", "-->", "=HYPERLINK(\"x\")",
                          "\u{202E}gnp.exe", "a&b"]

    func testDataDerivedTextIsEscaped() throws {
        let xs = [0.0, 1, 2, 3, 4, 5, 6]
        let set = SeriesSet(xType: .category, categories: Self.hostile,
                            series: Self.hostile.prefix(2).map { Self.series($0, x: xs, y: xs.map { $0 * 3 - 5 }) })
        let chart = Self.spec(title: "<title>\u{202E}x</title> & ]]>", mark: .line, xType: .category, yTitle: "<y>",
                              thresholds: [("--><script>", 4)])
        for (locale, svg) in try Self.svgs(try Self.context(chart, set)) {
            XCTAssertNotNil(Elements.parse(svg), "[\(locale)] is not well-formed")
            for raw in ["<script", "<img", "<title>\u{202E}", "<y>", "-->", "]]>", "\u{202E}"] {
                XCTAssertFalse(svg.contains(raw), "[\(locale)] holds \(raw.debugDescription)")
            }
            XCTAssertTrue(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            XCTAssertTrue(svg.contains("\u{FFFD}gnp.exe"))
            XCTAssertTrue(svg.contains("a&amp;b"))
        }
    }

    func testStageDescriptionNeedsDescribe() {
        XCTAssertEqual(Chart.description.needs(with: StageOptions([:], declared: Chart.description.options)), [.descriptions])
        XCTAssertThrowsError(try Chart(["width": 100]))
    }
}
