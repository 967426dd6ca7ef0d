import ChartpipeCore
@testable import Ingest
import XCTest

/// SQLite values by storage class (SPEC §3 `database`), over the end-to-end tests' committed
/// sources.db: integers and reals as numbers, text read as a file's cell, NULL a gap, a blob or
/// text that is no number an error naming the query's column and the result's row.
final class SQLiteValueTests: XCTestCase {
    static let db = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Fixtures/database/sources.db").path

    func chart(_ query: String, x: XType = .time, zone: String = "UTC", series: String? = nil) -> ChartSpec {
        let database = DatabaseSpec(engine: .sqlite, location: Self.db, displayName: "sqlite:sources.db", query: query)
        let source = SourceSpec(path: "", displayPath: database.displayName, format: .csv, database: database)
        return ChartSpec(id: "c", title: "C", source: source, x: XSpec(field: "t", type: x, zone: zone), y: YSpec(fields: ["v"]),
                         seriesField: series, location: SourceLocation(path: "t.pipeline", line: 1))
    }

    func testValuesAreTypedByTheirStorageClass() throws {
        let query = """
            SELECT '2026-01-01' AS t, 5 AS v UNION ALL SELECT '2026-01-02T09:00:00+09:00', 2.5
            UNION ALL SELECT '2026-01-03', NULL UNION ALL SELECT '2026-01-04', '7.25'
            """
        let (batch, stream) = try read(chart(query))
        XCTAssertEqual(batch.x, [1_767_225_600_000, 1_767_312_000_000, 1_767_398_400_000, 1_767_484_800_000])
        XCTAssertEqual(batch.y.map { $0.isNaN ? -1 : $0 }, [5, 2.5, -1, 7.25])
        XCTAssertEqual(batch.line, [1, 2, 3, 4])
        XCTAssertEqual(stream.recordsRead, 4)
    }

    func testAWrongValueNamesTheColumnAndTheRow() {
        let text = failure(chart("SELECT date AS t, region AS v FROM sales"))
        XCTAssertEqual(text?.field, "v")
        XCTAssertEqual(text?.location?.path, "sqlite:sources.db")
        XCTAssertEqual(text?.location?.line, 1)
        XCTAssertEqual(failure(chart("SELECT '2026-01-01' AS t, x'00' AS v"))?.message, "the column holds blob values, not numbers; y must be a number")
    }

    func testAMissingColumnListsTheQuerysColumns() {
        let message = failure(chart("SELECT date AS t, revenue FROM sales"))?.message ?? ""
        XCTAssertTrue(message.hasPrefix("the query gives no column 'v'; its columns are 't', 'revenue'"), message)
    }

    func testLongDataAndCategories() throws {
        let (batch, stream) = try read(chart("SELECT region AS t, revenue AS v, region AS s FROM sales WHERE rowid <= 8", x: .category, series: "s"))
        XCTAssertEqual(stream.categories, ["North", "South", "East", "West"])
        XCTAssertEqual(stream.seriesNames, ["North", "South", "East", "West"])
        XCTAssertEqual(batch.count, 8)
    }
}
