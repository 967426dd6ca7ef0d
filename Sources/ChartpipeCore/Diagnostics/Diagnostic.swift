/// A problem or a fact a user should know, for errors and warnings alike: of a pipeline file, of a
/// chart's data or processing, of a run. Its text reads `path:line:column: error: field 'name': message`;
/// the manifest and `--log-format json` store it structured, so that tools can filter by `code`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, CaseIterable {
        case error, warning
    }

    public var severity: Severity
    /// What scripts match on, while `message` may be reworded.
    public var code: DiagnosticCode
    /// A whole sentence (or two) that says what is wrong and what to do.
    public var message: String
    /// The file (as the user wrote it), and the line and column where known.
    public var location: SourceLocation?
    /// The field (column, JSON member or option) concerned.
    public var field: String?

    public init(_ message: String, code: DiagnosticCode = Diagnostic.unclassified, severity: Severity = .error,
                at location: SourceLocation? = nil, field: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.field = field
    }

    /// A warning: something a reader of the output should know, that did not stop the chart.
    public static func warning(_ message: String, code: DiagnosticCode, at location: SourceLocation? = nil,
                               field: String? = nil) -> Diagnostic {
        Diagnostic(message, code: code, severity: .warning, at: location, field: field)
    }

    /// The code of a diagnostic made without one; the runner names it after the stage that threw it
    /// (`<stage>.failed`), so that no diagnostic reaches a user without a code.
    public static let unclassified = DiagnosticCode.unclassified

    /// The code of work stopped because the run was cancelled, where `Cancelled` itself cannot be
    /// thrown (a typed-throws writer): the runner treats it as an interruption.
    public static let cancelled = DiagnosticCode.runCancelled

    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += "\(severity.rawValue): "
        if let field { text += "field '\(field)': " }
        return text + message
    }

    /// This diagnostic with `location` filled in when it has none.
    public func located(at fallback: SourceLocation?) -> Diagnostic {
        var copy = self
        if copy.location == nil { copy.location = fallback }
        return copy
    }
}

/// Errors thrown while reading or processing one chart: the same type as every other diagnostic.
public typealias ChartError = Diagnostic
