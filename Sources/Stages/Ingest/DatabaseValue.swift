/// One value of a database row as its engine typed it; text points into the engine's buffer and
/// is valid until the next row.
enum DatabaseValue {
    case null
    case integer(Int64)
    case real(Double)
    /// A number the engine gave as exact text (PostgreSQL `numeric`), read as a CSV number would be.
    case decimal(UnsafePointer<UInt8>, Int)
    case text(UnsafePointer<UInt8>?, Int)
    /// An instant the engine typed (milliseconds since 1970 UTC, such as a `timestamptz`).
    case time(Double)
    /// A date or wall-clock time the engine wrote as ISO 8601 text (`date`, `timestamp`), placed in the chart's zone.
    case wallClock(UnsafePointer<UInt8>, Int)
    /// A value of a type that feeds no axis, by the type's name (`blob`, `bytea`, …).
    case other(String)
}
