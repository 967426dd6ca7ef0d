/// A problem with one chart's input or processing, naming the file, line and field where known.
///
/// Its text reads `path:line:column: error: field 'name': message`.
public struct ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public var field: String?

    public init(_ message: String, at location: SourceLocation? = nil, field: String? = nil) {
        self.message = message
        self.location = location
        self.field = field
    }

    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += "error: "
        if let field { text += "field '\(field)': " }
        return text + message
    }
}
