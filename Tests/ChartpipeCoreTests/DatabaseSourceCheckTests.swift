@testable import ChartpipeCore
import ChartpipeJSON
import XCTest

private struct Source: SourceStage {
    static let description = StageDescription(name: "ingest", summary: "reads", adds: [.series])
    init(options: StageOptions) {}
    func open(chart: ChartSpec) throws -> any ObservationStream { throw ChartError("unused") }
}

/// The pipeline check of database sources (SPEC §3): one source per chart, file keys refused,
/// a password in a PostgreSQL URL refused with where to put it, and only host and database shown.
final class DatabaseSourceCheckTests: XCTestCase {
    let registry = StageRegistry([StageRegistration(Source.self)])

    struct Messages: Error { var list: [String] }

    func load(_ source: String) -> Result<ChartSpec, Messages> {
        let text = #"{ "version": 1, "name": "t", "stages": [{"use": "ingest"}], "charts": [ { "id": "a", "title": "A", "source": \#(source), "x": { "field": "x" }, "y": { "field": "y" } } ] }"#
        do {
            let spec = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "t.pipeline", directory: "/data")
            return .success(spec.charts[0])
        } catch let error as PipelineErrors {
            return .failure(Messages(list: error.diagnostics.map(\.message)))
        } catch {
            return .failure(Messages(list: ["\(error)"]))
        }
    }

    func testSQLiteResolvesAgainstThePipelineFolder() throws {
        let chart = try load(#"{ "database": "sqlite:db/sales.db", "table": "sa\"les", "where": "day > 3" }"#).get()
        XCTAssertEqual(chart.source.database, DatabaseSpec(engine: .sqlite, location: "/data/db/sales.db", displayName: "sqlite:db/sales.db",
                                                           query: #"SELECT * FROM "sa""les" WHERE day > 3"#))
        XCTAssertEqual(chart.source.displayPath, "sqlite:db/sales.db")
    }

    func testPostgresShowsOnlyHostAndDatabase() throws {
        let chart = try load(#"{ "database": "postgresql://nightly@db.example:6432/sales?sslmode=require", "query": "SELECT 1", "timeout": 5 }"#).get()
        XCTAssertEqual(chart.source.displayPath, "postgresql://db.example/sales")
        XCTAssertEqual(chart.source.database?.timeout, 5)
        XCTAssertEqual(try load(#"{ "database": "postgresql://?service=nightly", "query": "SELECT 1" }"#).get().source.displayPath,
                       "postgresql://?service=nightly")
    }

    func testAPasswordInTheURLIsRefused() {
        for url in ["postgresql://nightly:s3cret@db/sales", "postgresql://db/sales?password=s3cret"] {
            guard case let .failure(failure) = load(#"{ "database": "\#(url)", "query": "SELECT 1" }"#) else { return XCTFail(url) }
            let messages = failure.list
            XCTAssertEqual(messages.count, 1, "\(messages)")
            XCTAssertTrue(messages[0].hasPrefix("the database URL holds a password; a pipeline file is no place for a password: put it in ~/.pgpass"), messages[0])
            XCTAssertFalse(messages[0].contains("s3cret"))
        }
    }

    func testOneSourceAndItsOwnKeys() {
        XCTAssertEqual(messages(#"{ "database": "sqlite:a.db", "path": "a.csv", "query": "SELECT 1" }"#),
                       ["the source has both 'path' and 'database'; a chart reads one of them"])
        XCTAssertEqual(messages(#"{ "database": "sqlite:a.db", "query": "SELECT 1", "delimiter": ";" }"#),
                       ["'delimiter' applies to files, not to database sources"])
        XCTAssertEqual(messages(#"{ "path": "a.csv", "query": "SELECT 1" }"#), ["'query' applies to database sources only (with 'database')"])
        XCTAssertEqual(messages(#"{ "database": "sqlite:a.db" }"#), ["a database source needs 'query' (an SQL SELECT) or 'table'"])
        XCTAssertEqual(messages(#"{ "database": "sqlite:a.db", "query": "SELECT 1", "table": "t" }"#),
                       ["the source has both 'query' and 'table'; use one of them"])
        XCTAssertEqual(messages(#"{ "format": "csv" }"#), ["the source needs 'path' (a data file) or 'database' (such as \"sqlite:data/sales.db\")"])
    }

    func messages(_ source: String) -> [String] {
        if case let .failure(failure) = load(source) { return failure.list }
        return []
    }
}
