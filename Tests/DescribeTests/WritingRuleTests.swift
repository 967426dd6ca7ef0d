import ChartpipeCore
import ChartpipeText
@testable import Describe
import Foundation
import XCTest
import ChartpipeJSON
import ChartpipeTestSupport

/// SPEC §5 over every text `describe` writes for every golden chart in every locale.
final class WritingRuleTests: XCTestCase {
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
            try Describe(["points": points.optionValue]).run(&context)
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
        for problem in WritingRules.problems(in: text, locale: locale) {
            XCTFail("\(place): \(problem) in: \(text)", file: file, line: line)
        }
    }

    /// The shipped description catalog passes `strings lint` in the shipped locales.
    func testDescribeCatalogLintsClean() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChartpipeText/Catalogs/Describe.xcstrings").path
        XCTAssertEqual(CatalogLint.lint(path: path, locales: ["en", "zh-Hans", "ko", "ja"]).map(\.description), [])
        let embedded = try Catalog.embeddedFiles().first { $0.name == "Describe.xcstrings" }
        XCTAssertNotNil(embedded, "Describe.xcstrings is not embedded: list it in Package.swift's resources")
        XCTAssertEqual(embedded?.catalog.encoded(), Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }
}
