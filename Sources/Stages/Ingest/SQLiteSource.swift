import CSQLite
import ChartpipeCore
import Glibc

/// Whether a running statement is past its deadline: sqlite3_progress_handler's callback, which
/// interrupts the statement (SQLITE_INTERRUPT) when it returns nonzero.
private let pastDeadline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let deadline = context?.assumingMemoryBound(to: Double.self).pointee else { return 0 }
    return SQLiteSource.monotonicNow() > deadline ? 1 : 0
}

/// A SQLite database file as rows (SPEC §3 `"database": "sqlite:…"`), the one file that touches
/// libsqlite3. Opened read-only (`SQLITE_OPEN_READONLY`) with `PRAGMA query_only`, the statement
/// checked to be one read-only statement before it runs, then stepped row by row, each value by
/// its storage class. A statement that runs past the source's `timeout` is interrupted through
/// the progress handler; a locked database waits at most as long (busy timeout).
final class SQLiteSource: DatabaseRows {
    private var db: OpaquePointer?
    private var statement: OpaquePointer?
    /// CLOCK_MONOTONIC seconds past which the statement is interrupted.
    private let deadline: UnsafeMutablePointer<Double>
    private let spec: DatabaseSpec
    private(set) var columns: [String] = []
    private var stepped = false

    /// Prepares `query` (the source's own by default) on the database of `spec`, without running it.
    init(spec: DatabaseSpec, query: String? = nil) throws(ChartError) {
        self.spec = spec
        deadline = .allocate(capacity: 1)
        deadline.initialize(to: .infinity)
        let at = SourceLocation(path: spec.displayName)
        guard access(spec.location, F_OK) == 0 else {
            throw ChartError("the database file does not exist (paths are relative to the pipeline file's folder)",
                             code: .ingestCannotOpen, at: at)
        }
        var handle: OpaquePointer?
        let opened = sqlite3_open_v2(spec.location, &handle, SQLITE_OPEN_READONLY, nil)
        db = handle
        guard opened == SQLITE_OK else {
            throw ChartError("cannot open the database: \(message(opened))", code: .ingestCannotOpen, at: at)
        }
        sqlite3_extended_result_codes(db, 1)
        guard sqlite3_exec(db, "PRAGMA query_only = 1", nil, nil, nil) == SQLITE_OK else {
            throw ChartError("cannot make the connection read-only: \(message(nil))", code: .ingestDatabaseError, at: at)
        }
        sqlite3_busy_timeout(db, Int32(clamping: Int((spec.timeout * 1000).rounded(.up))))
        sqlite3_progress_handler(db, 1000, pastDeadline, UnsafeMutableRawPointer(deadline))
        let text = query ?? spec.query
        var tail: UnsafePointer<CChar>?
        var prepared: OpaquePointer?
        let code = text.withCString { sqlite3_prepare_v2(db, $0, -1, &prepared, &tail) }
        statement = prepared
        guard code == SQLITE_OK else {
            throw ChartError("the query is not valid: \(message(code))", code: .ingestBadQuery, at: at)
        }
        let rest = tail.map { String(cString: $0) } ?? ""
        guard statement != nil, rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            throw ChartError(statement == nil ? "the query holds no statement" : "the query holds more than one statement; a source runs one SELECT",
                             code: .ingestBadQuery, at: at)
        }
        guard sqlite3_stmt_readonly(statement) != 0 else {
            throw ChartError("the query would change the database; a source only reads (the database is opened read-only): use a SELECT",
                             code: .ingestReadOnly, at: at)
        }
        columns = (0..<sqlite3_column_count(statement)).map { k in sqlite3_column_name(statement, k).map { String(cString: $0) } ?? String(k + 1) }
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(db)
        deadline.deinitialize(count: 1)
        deadline.deallocate()
    }

    func step() throws(ChartError) -> Bool {
        if !stepped {
            stepped = true
            deadline.pointee = Self.monotonicNow() + spec.timeout
        }
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case SQLITE_INTERRUPT:
            throw ChartError("the query ran longer than the source's \"timeout\" of \(Self.seconds(spec.timeout)) and was stopped",
                             code: .ingestQueryTimeout, at: SourceLocation(path: spec.displayName))
        default:
            throw ChartError("the query failed: \(message(code))", code: code & 0xFF == SQLITE_READONLY ? .ingestReadOnly : .ingestQueryFailed,
                             at: SourceLocation(path: spec.displayName))
        }
    }

    func value(_ k: Int) -> DatabaseValue {
        let k = Int32(k)
        switch sqlite3_column_type(statement, k) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, k))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, k))
        case SQLITE_TEXT:
            let p = sqlite3_column_text(statement, k)
            return .text(p, Int(sqlite3_column_bytes(statement, k)))
        default: return .other("blob")
        }
    }

    private func message(_ code: Int32?) -> String {
        if let db, let text = sqlite3_errmsg(db) { return String(cString: text) }
        return code.flatMap { sqlite3_errstr($0) }.map { String(cString: $0) } ?? "unknown error"
    }

    static func seconds(_ s: Double) -> String {
        s == 1 ? "1 second" : "\(s == s.rounded() ? String(Int(s)) : String(s)) seconds"
    }

    static func monotonicNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
