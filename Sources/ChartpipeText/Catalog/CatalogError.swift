import ChartpipeJSON

/// A problem in a catalog file, named as `path: error: key 'x' [ko]: message`.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var locale: String?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, key: String? = nil, locale: String? = nil,
                message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.locale = locale
        self.message = message
    }

    public var description: String {
        var text = path
        if let line { text += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        text += ": error: "
        var subject: [String] = []
        if let key { subject.append("key '\(key)'") }
        if let locale { subject.append("[\(locale)]") }
        if !subject.isEmpty { text += subject.joined(separator: " ") + ": " }
        return text + message
    }
}
