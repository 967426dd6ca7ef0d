import ChartpipeCore

/// The database engines a source can name, behind one door: rows for a chart, the shape of a
/// query without running it (`chartpipe validate`), and a digest of the data for `--incremental`.
public enum DatabaseSources {
    /// The rows of `query` (the source's own by default), prepared and ready to step.
    static func rows(_ spec: DatabaseSpec, query: String? = nil) throws(ChartError) -> any DatabaseRows {
        switch spec.engine {
        case .sqlite: return try SQLiteSource(spec: spec, query: query)
        case .postgresql: return try PostgresSource(spec: spec, query: query)
        }
    }

    /// The result columns of the source's query, found without running it (SQLite prepares it,
    /// PostgreSQL describes a prepared statement); throws when it cannot be prepared.
    public static func columns(of spec: DatabaseSpec) throws(ChartError) -> [String] {
        switch spec.engine {
        case .sqlite: return try SQLiteSource(spec: spec).columns
        case .postgresql: return try PostgresSource.describe(spec)
        }
    }

    /// The chart's problems that the query's columns show (a field no column has), found
    /// without running the query; the first problem only, as the run would report it.
    public static func check(_ chart: ChartSpec) -> ChartError? {
        guard let spec = chart.source.database else { return nil }
        do {
            let columns = try columns(of: spec)
            let at = SourceLocation(path: spec.displayName)
            for name in [chart.x.field] + (chart.seriesField.map { [$0] } ?? []) + chart.y.fields where !columns.contains(name) {
                let listed = columns.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (columns.count > 20 ? ", …" : "")
                return ChartError("the query gives no column '\(name)'; its columns are \(listed)\(Suggestion.didYouMean(name, in: columns))",
                                  at: at, field: name)
            }
            return nil
        } catch {
            return error
        }
    }

    /// `--incremental`'s digest of the chart's data: the version query's first value when the
    /// source has one, else the whole result hashed as it streams (kept nowhere).
    static func digest(_ chart: ChartSpec) -> String? {
        guard let spec = chart.source.database else { return nil }
        do {
            if let version = spec.versionQuery {
                let rows = try rows(spec, query: version)
                var digest = DatabaseDigest()
                if try rows.step(), !rows.columns.isEmpty { digest.add(rows.value(0)) }
                digest.finish()
                return digest.hex.map { "version:" + $0 }
            }
            let rows = try rows(spec)
            var digest = DatabaseDigest()
            let count = rows.columns.count
            while try rows.step() {
                for k in 0..<count { digest.add(rows.value(k)) }
                digest.endRow()
            }
            digest.finish()
            return digest.hex.map { "result:" + $0 }
        } catch {
            return nil
        }
    }
}
