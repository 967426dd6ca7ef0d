@testable import Chart
import ChartpipeCore
import ChartpipeJSON
import Describe
import Trend
import Foundation
import XCTest

/// The description and the report say which layout the chart stage draws (issue 32), in every
/// locale: `chart` says it ahead (`prepare`) for `describe`, which runs before it.
final class LayoutDescriptionTests: XCTestCase {
    func context(_ count: Int, chart: Chart?) throws -> ChartContext {
        let set = try ReadableChartTests.lines(count).data
        var context = ChartContext(chart: ChartTests.spec(title: "Daily departures per carrier", thresholds: []),
                                   run: RunInfo(locales: ["en", "zh-Hans", "ko", "ja"], pipelineDirectory: "/tmp", pipelineName: "test"),
                                   data: set)
        try Trend().run(&context)
        chart?.prepare(&context)
        try Describe().run(&context)
        return context
    }

    func testTheDescriptionSaysWhichLayoutIsDrawn() throws {
        let many = try context(16, chart: try Chart())
        XCTAssertEqual(many[ChartLayoutsKey.self]?["ko"], "small-multiples")
        let words = ["en": "The chart is drawn as small multiples: one panel for each of the 16 series, all on the same scale.",
                     "ko": "차트는 작은 다중 그래프로 그렸습니다. 계열 16개를 하나씩 패널로 나누어 모두 같은 눈금으로 그렸습니다.",
                     "zh-Hans": "图表绘制为小多图：16个系列各占一个面板，全部使用相同刻度。",
                     "ja": "グラフは小さな複数グラフとして描いています。16系列を1系列ずつパネルに分け、すべて同じ目盛りで描いています。"]
        for (locale, said) in words {
            let file = try XCTUnwrap(many.artifacts.first { $0.path == "description.\(locale).json" })
            let json = try JSONParser.parse(file.bytes)
            XCTAssertEqual(json["layout"]?["drawn"]?.stringValue, "small-multiples", locale)
            XCTAssertEqual(json["layout"]?["text"]?.stringValue, said, locale)
            let md = String(decoding: try XCTUnwrap(many.artifacts.first { $0.path == "description.\(locale).md" }).bytes, as: UTF8.self)
            XCTAssertTrue(md.contains(said), locale)
            // Read back as the report reads it.
            XCTAssertEqual(ChartDescription(json: json, xType: .time, categories: [])?.layout, LayoutDescription(drawn: "small-multiples", text: said))
        }
        // Four series are overlaid, and said so; a chart forced to overlay says that; without a chart stage nothing is said.
        XCTAssertEqual(try context(4, chart: try Chart()).descriptions("en")?.layout?.text,
                       "The chart draws its 4 series in one plot, each in a style of its own: marker, dash or fill pattern.")
        XCTAssertEqual(try context(16, chart: try Chart(["layout": "overlay"])).descriptions("zh-Hans")?.layout?.drawn, "overlay")
        XCTAssertEqual(try context(1, chart: try Chart()).descriptions("en")?.layout?.text, "The chart is drawn as one plot.")
        XCTAssertNil(try context(16, chart: nil).descriptions("en")?.layout)
    }
}

private extension ChartContext {
    func descriptions(_ locale: String) -> ChartDescription? { self[DescriptionsKey.self]?[locale] }
}
