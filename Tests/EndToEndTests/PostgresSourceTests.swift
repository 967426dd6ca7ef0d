import Foundation
import XCTest

/// PostgreSQL sources (SPEC §3 `database`) against a real server (`PostgresServer`, one per test
/// process): the same rows as the CSV, typed by the server (`date`, `numeric`, `timestamptz`,
/// `double precision`), give the same files byte for byte; faults fail their chart with the
/// server's message: a statement timeout, a read-only transaction refusing a DELETE, a wrong
/// password from PGPASSFILE, and the server stopped while a query runs.
final class PostgresSourceTests: XCTestCase {
    var server: PostgresServer!

    override func setUpWithError() throws {
        server = try PostgresServer.start()
    }

    func testOutputsEqualThoseOfTheFiles() throws {
        let csv = try SQLiteSourceTests.outputs(of: "csv.pipeline")
        XCTAssertEqual(csv.result.status, 0, csv.result.stderr)
        let pg = try SQLiteSourceTests.outputs(of: "postgres.pipeline", environment: server.environment)
        XCTAssertEqual(pg.result.status, 0, pg.result.stderr)
        SQLiteSourceTests.assertSame(csv.files, pg.files)
        XCTAssertFalse(pg.result.stderr.contains("postgres:"), pg.result.stderr)
    }

    /// A pipeline in a fresh folder, one chart per source over the server's `chartpipe` database.
    func pipeline(_ sources: [String], url: String = "postgresql:///chartpipe") throws -> URL {
        try SQLiteSourceTests.pipeline(database: url, sources)
    }

    func run(_ dir: URL, environment: [String: String]? = nil) throws -> (Harness.Result, String) {
        let result = try Harness.run(["run", "t.pipeline", "--no-progress", "--jobs", "1"], in: dir, environment: environment ?? server.environment)
        let manifest = (try? String(contentsOf: dir.appendingPathComponent("out/t/manifest.json"), encoding: .utf8)) ?? ""
        return (result, manifest)
    }

    func testAQueryPastTheStatementTimeoutFailsItsChartOnly() throws {
        let dir = try pipeline(["\"query\": \"SELECT date, region, revenue FROM sales, pg_sleep(30)\", \"timeout\": 0.3", "\"table\": \"sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, manifest) = try run(dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("canceling statement due to statement timeout"), result.stderr)
        XCTAssertTrue(manifest.contains("\"ok\""), manifest)
    }

    func testADeleteIsRefusedByTheReadOnlyTransaction() throws {
        let dir = try pipeline(["\"query\": \"DELETE FROM sales RETURNING date, region, revenue\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, _) = try run(dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot execute DELETE in a read-only transaction"), result.stderr)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM sales").trimmingCharacters(in: .whitespacesAndNewlines), "368")
    }

    func testAWrongPasswordFromThePasswordFileFails() throws {
        let dir = try pipeline(["\"table\": \"sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let passfile = dir.appendingPathComponent("pgpass")
        var env = server.environment
        env["PGUSER"] = "pwuser"
        env["PGPASSFILE"] = passfile.path
        try Data("*:*:*:pwuser:wrong\n".utf8).write(to: passfile)
        chmod(passfile.path, 0o600)
        let (wrong, _) = try run(dir, environment: env)
        XCTAssertEqual(wrong.status, 1, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("password authentication failed for user \"pwuser\""), wrong.stderr)
        XCTAssertFalse(wrong.stderr.contains("wrong"), wrong.stderr)
        try Data("*:*:*:pwuser:right\n".utf8).write(to: passfile)
        let (right, _) = try run(dir, environment: env)
        XCTAssertEqual(right.status, 0, right.stderr)
    }

    func testAPasswordInTheURLIsRefused() throws {
        let dir = try pipeline(["\"table\": \"sales\""], url: "postgresql://pwuser:right@localhost/chartpipe")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Harness.run(["validate", "t.pipeline"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the database URL holds a password; a pipeline file is no place for a password: put it in ~/.pgpass"), result.stderr)
        XCTAssertFalse(result.stderr.contains("right"), result.stderr)
    }

    func testValidateDescribesTheQueryOrSaysThereIsNoConnection() throws {
        let dir = try pipeline(["\"query\": \"SELECT date, region, revenue AS amount FROM sales\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try Harness.run(["validate", "t.pipeline"], in: dir, environment: server.environment)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("the query gives no column 'revenue'; its columns are 'date', 'region', 'amount'"), bad.stderr)
        var away = server.environment
        away["PGHOST"] = dir.path
        let unreachable = try Harness.run(["validate", "t.pipeline"], in: dir, environment: away)
        XCTAssertEqual(unreachable.status, 0, unreachable.stderr)
        XCTAssertTrue(unreachable.stderr.contains("is not checked: no connection"), unreachable.stderr)
    }

    /// The sales chart is kept while its streamed result's digest is the same and runs when a row
    /// changes; the battery chart, whose "version" query counts rows, is kept all along.
    func testIncrementalHashesTheResultOrAsksTheVersionQuery() throws {
        let out = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = {
            try Harness.run(["run", "postgres.pipeline", "--out", out.path, "--no-progress", "--incremental", "--jobs", "1"],
                            in: SQLiteSourceTests.folder, environment: self.server.environment)
        }
        XCTAssertEqual(try run().status, 0)
        let again = try run()
        XCTAssertTrue(again.stderr.contains("2 unchanged, kept"), again.stdout + again.stderr)
        try server.psql("UPDATE sales SET revenue = revenue + 1 WHERE n = 5; UPDATE battery SET level = level + 1 WHERE n = 5")
        defer { _ = try? server.psql("UPDATE sales SET revenue = revenue - 1 WHERE n = 5; UPDATE battery SET level = level - 1 WHERE n = 5") }
        let changed = try run()
        XCTAssertTrue(changed.stderr.contains("1 unchanged, kept"), changed.stdout + changed.stderr)
        XCTAssertTrue(changed.stderr.contains("daily-sales: ok"), changed.stderr)
    }

    func testTheServerStoppedWhileAQueryRunsFailsTheChart() throws {
        let dir = try pipeline(["\"query\": \"SELECT date, region, revenue FROM sales, pg_sleep(30)\""])
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "t.pipeline", "--no-progress"]
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.merging(server.environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Stop the server once the query is running (counted polls, not a time).
        var active = false
        for _ in 0..<600 where !active {
            active = (try? server.psql("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'chartpipe' AND state = 'active'"))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            if !active { usleep(50_000) }
        }
        XCTAssertTrue(active, "the query never ran")
        server.stopServer()
        defer { XCTAssertNoThrow(try server.startServer()) }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, text)
        XCTAssertTrue(text.contains("terminating connection due to administrator command") || text.contains("server closed the connection"), text)
    }
}
