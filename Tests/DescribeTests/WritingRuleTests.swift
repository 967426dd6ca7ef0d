import ChartpipeCore
import ChartpipeText
@testable import Describe
import Foundation
import XCTest

/// SPEC §5 over every text `describe` writes for every golden chart in every locale.
final class WritingRuleTests: XCTestCase {
    /// Subjective words, per language (SPEC §5): say the value instead.
    static let subjective: [String: [String]] = [
        "en": ["gradual", "sharp", "slight", "often", "usually", "steadi", "dramatic", "rapid", "huge", "tiny", "somewhat",
               "a bit", "a lot", "modest"],
        "ko": ["점차", "급격히", "약간", "자주", "대개", "보통", "꾸준히", "조금", "크게", "살짝", "급증", "급감"],
        "zh": ["逐渐", "急剧", "略微", "经常", "通常", "稍微", "大幅", "显著增长", "明显", "缓慢"],
    ]
    static let colours: [String: [String]] = [
        "en": ["red", "green", "blue", "orange", "yellow", "purple", "colour", "color"],
        "ko": ["빨간", "파란", "초록", "노란", "보라", "색상", "색깔"],
        "zh": ["红色", "蓝色", "绿色", "黄色", "紫色", "颜色"],
    ]

    /// Every text of the description layers and of the AXChart file, for one locale.
    static func texts(_ d: ChartDescription, axchart: JSONValue) -> [String] {
        var out = [d.title, d.summary] + d.axes.flatMap { [$0.title, $0.text] } + d.statistics
        for s in d.series { out += [s.name, s.summary] + s.segments.map(\.label) + s.points.map(\.label) }
        for list in d.navigation { out += [list.title] + list.entries.map(\.label) }
        func walk(_ v: JSONValue) {
            switch v {
            case let .object(members):
                for (key, value) in members {
                    if ["label", "description", "summary", "title"].contains(key), let s = value.stringValue { out.append(s) }
                    walk(value)
                }
            case let .array(items): items.forEach(walk)
            default: break
            }
        }
        walk(axchart)
        return out
    }

    func testEveryGoldenTextFollowsTheWritingRules() throws {
        var checked = 0
        for (var context, points) in try DescribeCharts.golden() {
            try Describe(points: points).run(&context)
            let descriptions = try XCTUnwrap(context[DescriptionsKey.self])
            for locale in DescribeCharts.locales {
                let d = try XCTUnwrap(descriptions[locale])
                let axchart = try JSONParser.parse(try XCTUnwrap(context.artifacts.first { $0.path == "axchart.\(locale).json" }).bytes)
                let md = String(decoding: try XCTUnwrap(context.artifacts.first { $0.path == "description.\(locale).md" }).bytes,
                                as: UTF8.self)
                let where_ = "\(context.chart.id) [\(locale)]"
                for text in Self.texts(d, axchart: axchart) + [md] {
                    check(text, locale: locale, where_)
                    checked += 1
                }
                // The x axis is described before the y axis, in the layers and in the Markdown.
                XCTAssertEqual(d.axes.map(\.axis.rawValue), ["x", "y"], where_)
                if let xLine = md.range(of: d.axes[0].text.prefix(8)), let yLine = md.range(of: d.axes[1].text.prefix(8)) {
                    XCTAssertLessThan(xLine.lowerBound, yLine.lowerBound, where_)
                }
                let keys = axchart.objectValue?.map(\.0) ?? []
                XCTAssertLessThan(keys.firstIndex(of: "xAxis") ?? 99, keys.firstIndex(of: "yAxis") ?? -1, where_)
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    private func check(_ text: String, locale: String, _ place: String, file: StaticString = #filePath, line: UInt = #line) {
        let language = String(locale.prefix(2))
        let lower = text.lowercased()
        for word in Self.subjective[language] ?? [] where lower.contains(word) {
            XCTFail("\(place): subjective word '\(word)' in: \(text)", file: file, line: line)
        }
        for word in Self.colours[language] ?? [] where Self.containsWord(lower, word, latin: language == "en") {
            XCTFail("\(place): colour word '\(word)' in: \(text)", file: file, line: line)
        }
        if text.range(of: #"(?<![\d.,])\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?![\d])|(?<![\d.,$])\b\d{1,2}/\d{1,2}\b"#,
                      options: .regularExpression) != nil {
            XCTFail("\(place): numeric date in: \(text)", file: file, line: line)
        }
        if text.range(of: #"\d\s?(m|h|s|km|min|mins|hr|hrs|ms|kg|kwh|kWh|d|wk)\b"#, options: .regularExpression) != nil {
            XCTFail("\(place): abbreviated unit in: \(text)", file: file, line: line)
        }
        XCTAssertFalse(text.contains("⟦"), "\(place): unrendered placeholder in: \(text)", file: file, line: line)
        if language == "zh" {
            // Chinese: full-width punctuation next to Han characters, no spaces between Han and digits.
            for problem in ChineseText.problems(in: text) where !text.hasPrefix("#") {
                XCTFail("\(place): \(problem) in: \(text)", file: file, line: line)
            }
        }
        if language == "ko" {
            // A particle marker left after Hangul or a digit means it was not resolved.
            if text.range(of: #"[가-힣0-9%]\((이|은|을|과|으)\)"#, options: .regularExpression) != nil {
                XCTFail("\(place): unresolved particle in: \(text)", file: file, line: line)
            }
        }
    }

    private static func containsWord(_ text: String, _ word: String, latin: Bool) -> Bool {
        guard latin else { return text.contains(word) }
        return text.range(of: "\\b" + word + "\\b", options: .regularExpression) != nil
    }

    /// The shipped description catalog passes `strings lint` in the shipped locales.
    func testDescribeCatalogLintsClean() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChartpipeText/Catalogs/Describe.xcstrings").path
        XCTAssertEqual(CatalogLint.lint(path: path, locales: ["en", "zh-Hans", "ko"]).map(\.description), [])
        let embedded = try Catalog.embeddedFiles().first { $0.name == "Describe.xcstrings" }
        XCTAssertNotNil(embedded, "run python3 scripts/embed-catalogs.py")
        XCTAssertEqual(embedded?.catalog.encoded(), Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }
}
