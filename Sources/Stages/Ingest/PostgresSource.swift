import CPostgres
import ChartpipeCore
import Foundation
import Glibc

/// A PostgreSQL query as rows (SPEC §3 `"database": "postgresql://…"`), the one file that touches
/// libpq. Credentials come from libpq's own conventions (PG* variables, ~/.pgpass or PGPASSFILE,
/// service files); the pipeline check has refused a password in the URL. The session reads in UTC
/// (`TimeZone`), ISO dates and exact floats, inside `BEGIN READ ONLY` with `statement_timeout`; the
/// query is sent once (extended protocol: one statement) in single-row mode, so memory holds one
/// row at a time. Values are typed by the column's OID and read from libpq's text exactly:
/// integers and floats as numbers, `numeric` as its digits, `timestamptz` as the instant the
/// server wrote, `date`/`timestamp` as wall-clock times in the chart's zone, NULL as a gap.
final class PostgresSource: DatabaseRows {
    private let conn: OpaquePointer
    private var result: OpaquePointer?
    /// The first result, read at init so that the columns are known (a row, or the end).
    private var pending = true
    private var done = false
    private let spec: DatabaseSpec
    private(set) var columns: [String] = []
    private var kinds: [Kind] = []

    /// What a column's OID (pg_type.dat) says its text is.
    private enum Kind { case integer, real, decimal, instant, wallClock, text }

    private static func kind(_ oid: Oid) -> Kind {
        switch oid {
        case 20, 21, 23: return .integer          // int8, int2, int4
        case 700, 701: return .real                // float4, float8
        case 1700: return .decimal                 // numeric
        case 1184: return .instant                 // timestamptz
        case 1082, 1114: return .wallClock         // date, timestamp
        default: return .text                      // text, varchar, bpchar and the rest, as written
        }
    }

    init(spec: DatabaseSpec, query: String? = nil) throws(ChartError) {
        self.spec = spec
        // Once `conn` is set every property is, so deinit closes it also after a throw.
        conn = try Self.connect(spec)
        let ms = Int((spec.timeout * 1000).rounded(.up))
        try Self.exec(conn, "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3; "
            + "SET statement_timeout = \(ms); BEGIN READ ONLY", spec)
        let sent = (query ?? spec.query).withCString { PQsendQueryParams(conn, $0, 0, nil, nil, nil, nil, 0) }
        guard sent == 1, PQsetSingleRowMode(conn) == 1 else {
            throw Self.failure("the query could not be sent: \(Self.message(conn))", spec)
        }
        try advance()
        if let result {
            columns = (0..<PQnfields(result)).map { k in PQfname(result, k).map { String(cString: $0) } ?? String(k + 1) }
            kinds = (0..<PQnfields(result)).map { Self.kind(PQftype(result, $0)) }
        }
    }

    deinit {
        PQclear(result)
        PQfinish(conn)
    }

    /// The query's columns from the server without running it: PQprepare, then PQdescribePrepared.
    static func describe(_ spec: DatabaseSpec) throws(ChartError) -> [String] {
        let conn = try connect(spec)
        defer { PQfinish(conn) }
        try exec(conn, "BEGIN READ ONLY", spec)
        let prepared = spec.query.withCString { PQprepare(conn, "", $0, 0, nil) }
        defer { PQclear(prepared) }
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            throw failure("the query is not valid: \(resultMessage(prepared, conn))", spec, code: .ingestBadQuery)
        }
        let described = PQdescribePrepared(conn, "")
        defer { PQclear(described) }
        guard PQresultStatus(described) == PGRES_COMMAND_OK else {
            throw failure("the query cannot be described: \(resultMessage(described, conn))", spec, code: .ingestBadQuery)
        }
        return (0..<PQnfields(described)).map { k in PQfname(described, k).map { String(cString: $0) } ?? String(k + 1) }
    }

    func step() throws(ChartError) -> Bool {
        if pending {
            pending = false
        } else if !done {
            try advance()
        }
        return !done
    }

    /// Reads the next result: a row (single-row mode), or the end, after which the read-only transaction is left.
    private func advance() throws(ChartError) {
        PQclear(result)
        result = PQgetResult(conn)
        switch result.map(PQresultStatus) {
        case .some(PGRES_SINGLE_TUPLE): return
        case .some(PGRES_TUPLES_OK):
            // The end: its result still names the columns; the next PQgetResult is nil.
            done = true
            if let last = PQgetResult(conn) { PQclear(last) }
        case nil: done = true
        default:
            let text = Self.resultMessage(result, conn)
            while let rest = PQgetResult(conn) { PQclear(rest) }
            let code: DiagnosticCode = text.contains("statement timeout") ? .ingestQueryTimeout
                : text.contains("read-only transaction") ? .ingestReadOnly : .ingestQueryFailed
            throw Self.failure("the query failed: \(text)", spec, code: code)
        }
    }

    func value(_ k: Int) -> DatabaseValue {
        guard let result, PQntuples(result) > 0 else { return .null }
        let k32 = Int32(k)
        if PQgetisnull(result, 0, k32) != 0 { return .null }
        guard let raw = PQgetvalue(result, 0, k32) else { return .null }
        let n = Int(PQgetlength(result, 0, k32))
        let p = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
        switch kinds[k] {
        case .integer:
            return .integer(Int64(strtoll(raw, nil, 10)))
        case .real:
            return .real(strtod(raw, nil))
        case .decimal: return .decimal(p, n)
        case .instant:
            if case let .instant(ms) = ISO8601Time.parse(p, n) { return .time(ms) }
            return .text(p, n)
        case .wallClock: return .wallClock(p, n)
        case .text: return .text(p, n)
        }
    }

    private static func connect(_ spec: DatabaseSpec) throws(ChartError) -> OpaquePointer {
        // expand_dbname: the URL is read as a connection string; later keys add to it.
        let keys = ["dbname", "connect_timeout", "application_name"]
        let values = [spec.location, String(max(2, Int(spec.timeout.rounded(.up)))), "chartpipe"]
        let conn: OpaquePointer? = withCStrings(keys) { k in withCStrings(values) { v in PQconnectdbParams(k, v, 1) } ?? nil } ?? nil
        guard let conn else { throw failure("cannot connect: out of memory", spec, code: .ingestCannotConnect) }
        guard PQstatus(conn) == CONNECTION_OK else {
            let text = message(conn)
            PQfinish(conn)
            throw failure("cannot connect: \(text)", spec, code: .ingestCannotConnect)
        }
        return conn
    }

    private static func exec(_ conn: OpaquePointer, _ sql: String, _ spec: DatabaseSpec) throws(ChartError) {
        let r = PQexec(conn, sql)
        defer { PQclear(r) }
        guard PQresultStatus(r) == PGRES_COMMAND_OK else {
            throw failure("cannot start a read-only session: \(resultMessage(r, conn))", spec, code: .ingestQueryFailed)
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R? {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { $0.baseAddress.map(body) }
    }

    private static func failure(_ message: String, _ spec: DatabaseSpec, code: DiagnosticCode = .ingestQueryFailed) -> ChartError {
        ChartError(message, code: code, at: SourceLocation(path: spec.displayName))
    }

    private static func message(_ conn: OpaquePointer?) -> String {
        tidy(PQerrorMessage(conn).map { String(cString: $0) } ?? "unknown error")
    }

    private static func resultMessage(_ result: OpaquePointer?, _ conn: OpaquePointer) -> String {
        let text = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        return text.isEmpty ? message(conn) : tidy(text)
    }

    /// libpq's message on one line, without its trailing line break.
    private static func tidy(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
