import Foundation
import ChartpipeJSON

extension PipelineCheck {
    static let fileSourceKeys = ["format", "delimiter", "quote", "header", "skipRows", "records", "decimal", "thousands"]
    static let databaseSourceKeys = ["query", "table", "where", "version", "timeout"]

    /// The chart's database (`database` with `query`, or `table` and `where`), checked: one source
    /// only, no file keys, no password in a PostgreSQL URL. Nil for a file source or a bad one
    /// (then `ok` is false).
    mutating func databaseSource(_ source: JSONValue, pointer p: String, ok: inout Bool) -> DatabaseSpec? {
        let s = p + "/source"
        guard let url = source["database"]?.stringValue else {
            if source["path"] == nil, source.objectValue != nil {
                v.error("the source needs 'path' (a data file) or 'database' (such as \"sqlite:data/sales.db\")", at: s); ok = false
            }
            for key in Self.databaseSourceKeys where source[key] != nil {
                v.error("'\(key)' applies to database sources only (with 'database')", at: s + "/\(key)", key: true); ok = false
            }
            return nil
        }
        if source["path"] != nil {
            v.error("the source has both 'path' and 'database'; a chart reads one of them", at: s + "/database", key: true); ok = false
        }
        for key in Self.fileSourceKeys where source[key] != nil {
            v.error("'\(key)' applies to files, not to database sources", at: s + "/\(key)", key: true); ok = false
        }
        let query: String
        switch (source["query"]?.stringValue, source["table"]?.stringValue) {
        case let (q?, nil):
            query = q
            if source["where"] != nil {
                v.error("'where' goes with 'table'; write the condition into the query", at: s + "/where", key: true); ok = false
            }
        case let (nil, t?): query = DatabaseSpec.tableQuery(t, where: source["where"]?.stringValue)
        case (.some, .some):
            v.error("the source has both 'query' and 'table'; use one of them", at: s + "/table", key: true); ok = false; return nil
        case (nil, nil):
            v.error("a database source needs 'query' (an SQL SELECT) or 'table'", at: s); ok = false; return nil
        }
        let version = source["version"]?.stringValue
        let timeout = source["timeout"]?.doubleValue ?? DatabaseSpec.defaultTimeout
        if url.hasPrefix("sqlite:") {
            let file = String(url.dropFirst("sqlite:".count))
            guard !file.isEmpty else { return nil }
            return DatabaseSpec(engine: .sqlite, location: resolve(file), displayName: "sqlite:" + display(file), query: query,
                                versionQuery: version, timeout: timeout)
        }
        switch PostgresURL.parse(url) {
        case let .success(parsed):
            return DatabaseSpec(engine: .postgresql, location: url, displayName: parsed.displayName, query: query,
                                versionQuery: version, timeout: timeout)
        case let .failure(problem):
            v.error(problem.message, code: problem.code, at: s + "/database"); ok = false
            return nil
        }
    }
}
