/// A finding of `chartpipe strings lint`, printed as `path: error: key 'x' [ko]: message`.
public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var path: String
    public var severity: Severity
    public var key: String?
    public var locale: String?
    public var message: String

    public init(path: String, severity: Severity, key: String? = nil, locale: String? = nil, message: String) {
        self.path = path
        self.severity = severity
        self.key = key
        self.locale = locale
        self.message = message
    }

    public var description: String {
        var subject: [String] = []
        if let key { subject.append("key '\(key)'") }
        if let locale { subject.append("[\(locale)]") }
        let prefix = subject.isEmpty ? "" : subject.joined(separator: " ") + ": "
        return "\(path): \(severity.rawValue): \(prefix)\(message)"
    }
}
