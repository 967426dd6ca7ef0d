/// A chart's database source (SPEC §3 `database` with `query`, or `table` with `where`): which
/// engine, where, and the statement that gives the rows.
public struct DatabaseSpec: Sendable, Equatable {
    public enum Engine: String, Sendable { case sqlite, postgresql }

    public var engine: Engine
    /// SQLite: the database file, resolved against the pipeline file's folder. PostgreSQL: the
    /// connection URL as written (never with a password: the pipeline check refuses one).
    public var location: String
    /// What messages, logs and the manifest show: `sqlite:<path as written>`, or for PostgreSQL
    /// only the host and the database name (`postgresql://db.example/sales`).
    public var displayName: String
    /// The statement whose rows are the records (built from `table` and `where` when given so).
    public var query: String
    /// An optional cheap statement whose one value says whether the data changed (`--incremental`).
    public var versionQuery: String?
    /// Most seconds a statement may run before it is stopped (and the chart fails).
    public var timeout: Double

    public static let defaultTimeout = 300.0

    public init(engine: Engine, location: String, displayName: String, query: String, versionQuery: String? = nil,
                timeout: Double = DatabaseSpec.defaultTimeout) {
        self.engine = engine
        self.location = location
        self.displayName = displayName
        self.query = query
        self.versionQuery = versionQuery
        self.timeout = timeout
    }

    /// `SELECT * FROM "table" [WHERE …]`, the table name quoted as an SQL identifier.
    public static func tableQuery(_ table: String, where condition: String?) -> String {
        let name = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return "SELECT * FROM \(name)" + (condition.map { " WHERE \($0)" } ?? "")
    }
}
