import Foundation
import XCTest

/// SQLite sources (SPEC §3 `database`): a pipeline over Fixtures/database/sources.db (made by
/// make_sqlite.py from the CSV and TSV beside it) writes the same files, byte for byte, as the same
/// pipeline over the files; a statement that would write, one that runs too long and a missing
/// column fail their chart only, with the database's or the query's words.
final class SQLiteSourceTests: XCTestCase {
    static let folder = Harness.fixtures.appendingPathComponent("database")

    /// Every file of a run of `pipeline` (in the fixture folder) into a fresh folder, but the manifest.
    static func outputs(of pipeline: String, environment: [String: String] = [:]) throws -> (files: [String: Data], result: Harness.Result) {
        let out = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // One time for both runs: the report and manifest say when they were made.
        let result = try Harness.run(["run", pipeline, "--out", out.path, "--no-progress", "--jobs", "1"], in: folder,
                                     environment: environment.merging(["SOURCE_DATE_EPOCH": "1780000000"]) { $1 })
        var files = try Harness.files(in: out)
        files["manifest.json"] = nil
        return (files, result)
    }

    static func assertSame(_ a: [String: Data], _ b: [String: Data], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted(), file: file, line: line)
        for (name, data) in a where b[name] != data {
            XCTFail("\(name) differs", file: file, line: line)
        }
        XCTAssertGreaterThan(a.count, 10, file: file, line: line)
    }

    func testOutputsEqualThoseOfTheFiles() throws {
        let csv = try Self.outputs(of: "csv.pipeline")
        XCTAssertEqual(csv.result.status, 0, csv.result.stderr)
        let sqlite = try Self.outputs(of: "sqlite.pipeline")
        XCTAssertEqual(sqlite.result.status, 0, sqlite.result.stderr)
        Self.assertSame(csv.files, sqlite.files)
    }

    /// A pipeline in a fresh folder with one chart per source (over the fixture's database).
    func pipeline(_ sources: [String]) throws -> URL {
        try Self.pipeline(database: "sqlite:" + Self.folder.appendingPathComponent("sources.db").path, sources)
    }

    /// A pipeline in a fresh folder: ingest, trend and describe over one chart per source of
    /// `database`, each reading date, revenue and region (the fixture's tables); the PostgreSQL
    /// tests use it too.
    static func pipeline(database: String, _ sources: [String]) throws -> URL {
        let dir = try Harness.temporaryFolder()
        let charts = sources.enumerated().map { i, source in
            """
            {"id": "c\(i)", "title": "C\(i)", "source": {"database": "\(database)", \(source)},
             "x": {"field": "date", "type": "time"}, "y": {"field": "revenue"}, "series": {"field": "region"}}
            """
        }
        let text = """
            {"version": 1, "name": "t", "stages": [{"use": "ingest"}, {"use": "trend"}, {"use": "describe"}],
             "charts": [\(charts.joined(separator: ",\n"))]}
            """
        try Data(text.utf8).write(to: dir.appendingPathComponent("t.pipeline"))
        return dir
    }

    func testAWritingStatementIsRefusedAndFailsItsChartOnly() throws {
        let dir = try pipeline(["\"query\": \"DELETE FROM sales RETURNING date, region, revenue\"", "\"table\": \"sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the query would change the database"), result.stderr)
        XCTAssertTrue(result.stderr.contains("1 failed") || result.stdout.contains("1 ok") || result.stderr.contains("c1"), result.stderr + result.stdout)
        let count = try Harness.command(["python3", "-c", "import sqlite3; print(sqlite3.connect('\(Self.folder.path)/sources.db').execute('select count(*) from sales').fetchone()[0])"])
        XCTAssertEqual(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "368")
    }

    func testAQueryPastItsTimeoutIsStopped() throws {
        let endless = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT '2026-01-01' AS date, 'a' AS region, sum(i) AS revenue FROM c"
        let dir = try pipeline(["\"query\": \"\(endless)\", \"timeout\": 0.2", "\"table\": \"sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("ran longer than the source's \"timeout\" of 0.2 seconds"), result.stderr)
        let manifest = try String(contentsOf: dir.appendingPathComponent("out/t/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"ok\""), manifest)
    }

    func testTheLimitsOfFilesApply() throws {
        let dir = try pipeline(["\"table\": \"sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.pipeline")
        let text = try String(contentsOf: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #"{"use": "ingest"}"#, with: #"{"use": "ingest", "maxPoints": 100}"#).utf8).write(to: path)
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the data has more than 100 values (one per record and y field), the limit of 'maxPoints'"), result.stderr)
    }

    func testValidatePreparesTheQueryAndNamesAMissingColumn() throws {
        let dir = try pipeline(["\"query\": \"SELECT date, region, revenue AS amount FROM sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Harness.run(["validate", "t.pipeline"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("field 'revenue': the query gives no column 'revenue'; its columns are 'date', 'region', 'amount'"), result.stderr)
        let good = try Harness.run(["validate", "sqlite.pipeline"], in: Self.folder)
        XCTAssertEqual(good.status, 0, good.stderr)
    }

    func testIncrementalKeepsAChartWhoseResultIsUnchanged() throws {
        let dir = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("sources.db")
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("sources.db"), to: db)
        for name in ["sqlite.pipeline"] {
            try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let run = { try Harness.run(["run", "sqlite.pipeline", "--no-progress", "--incremental", "--jobs", "1"], in: dir) }
        let first = try run()
        XCTAssertEqual(first.status, 0, first.stderr)
        let second = try run()
        XCTAssertTrue((second.stdout + second.stderr).contains("2 unchanged, kept"), second.stdout + second.stderr)
        // A changed value in the battery table: that chart runs again, the sales chart is kept.
        let update = try Harness.command(["python3", "-c", "import sqlite3; d = sqlite3.connect('\(db.path)'); d.execute('update battery set level = level + 1 where rowid = 3'); d.commit()"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let third = try run()
        XCTAssertTrue((third.stdout + third.stderr).contains("1 unchanged, kept"), third.stdout + third.stderr)
    }
}
