/// A position in a file, for messages: `path:line:column`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        switch (line, column) {
        case let (l?, c?): return "\(path):\(l):\(c)"
        case let (l?, nil): return "\(path):\(l)"
        default: return path
        }
    }
}
