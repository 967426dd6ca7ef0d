import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
import XCTest

/// A chart's names in each shipped locale, as the description, the table and the SVG chart all
/// ask them of `ChartNames`: axis titles with the unit's name, series named for the y axis when
/// there is one series and no series field, and wide data's y axis.
final class ChartNamesTests: XCTestCase {
    static let locales = ["en", "zh-Hans", "ko", "ja"]

    func names(_ y: YSpec, x: XSpec = XSpec(field: "date", type: .time), series: [String], seriesField: String? = nil,
               locale: String) throws -> ChartNames {
        let source = SourceSpec(path: "d.csv", displayPath: "d.csv", format: .csv)
        let chart = ChartSpec(id: "c", title: "Sales", source: source, x: x, y: y, seriesField: seriesField,
                              location: SourceLocation(path: "t.pipeline", line: 1))
        let catalog = try Catalog.forRun(paths: [])
        return ChartNames(chart: chart, series: SeriesSet(xType: x.type, series: series.map { Series(name: $0) }),
                          language: catalog.writtenLanguage(for: locale), catalog: catalog)
    }

    func testAxisTitlesCarryTheNameOfTheirUnitInEachLocale() throws {
        let y = YSpec(fields: ["revenue"], title: "Revenue", unit: "USD")
        let x = XSpec(field: "km", type: .number, title: "Distance", unit: "length-kilometer")
        let titles = try Self.locales.map { locale in
            let n = try names(y, x: x, series: ["revenue"], locale: locale)
            return [n.yTitleWithUnit, n.xTitleWithUnit]
        }
        // Chinese and Japanese put the unit in full-width parentheses without a space, Korean in
        // half-width ones without a space.
        XCTAssertEqual(titles, [["Revenue (US dollars)", "Distance (kilometers)"], ["Revenue（美元）", "Distance（公里）"],
                                ["Revenue(달러)", "Distance(킬로미터)"], ["Revenue（ドル）", "Distance（キロメートル）"]])
    }

    func testOneSeriesIsNamedForTheYAxisAndSeveralByTheirNames() throws {
        let y = YSpec(fields: ["revenue"], title: "Revenue")
        let one = try names(y, series: ["revenue"], locale: "en")
        XCTAssertTrue(one.seriesIsTheYAxis)
        XCTAssertEqual(one.seriesName(0), "Revenue")
        let long = try names(y, series: ["north", "south"], seriesField: "region", locale: "en")
        XCTAssertFalse(long.seriesIsTheYAxis)
        XCTAssertEqual([long.seriesName(0), long.seriesName(1), long.seriesName(2)], ["north", "south", ""])
        // Wide data without a y title is "values" in the locale, not its first column's name.
        let wide = try Self.locales.map { try names(YSpec(fields: ["a", "b"], isWide: true), series: ["a", "b"], locale: $0).yTitle }
        XCTAssertEqual(wide, ["values", "数值", "수치", "数値"])
    }
}
