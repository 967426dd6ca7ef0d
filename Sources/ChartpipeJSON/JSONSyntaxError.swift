import CJansson

/// A JSON syntax error with its 1-based line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
    /// 0-based byte offset of the error.
    public var offset: Int
}
