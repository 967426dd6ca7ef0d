/// A stable, dotted id of a kind of problem (`pipeline.unknown-key`, `data.unsorted-x`): what the
/// manifest, `--log-format json` and scripts carry as text, declared once as a value here
/// (`DiagnosticCode+Declared.swift`) with the exit status a run that it stops ends with.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The code as it is on the wire.
    public let rawValue: String
    /// The exit status of a run or merge that this error stops before it finishes (`exitStatus(refusing:)`).
    public let exitStatus: ExitStatus

    /// A declared code; only `DiagnosticCode+Declared.swift` makes these.
    init(declared rawValue: String, exit: ExitStatus = .failure) {
        self.rawValue = rawValue
        exitStatus = exit
    }

    /// The code with this text: the declared one, or a code of a plugin or test with a failure's exit status.
    public init(rawValue: String) {
        self = Self.declared[rawValue] ?? DiagnosticCode(declared: rawValue)
    }

    /// For codes read in tests and plugins' own codes; chartpipe's sources name the declared values.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The code of an error a stage threw without one: `<stage>.failed`.
    public static func stageFailed(_ stage: String) -> DiagnosticCode { DiagnosticCode(rawValue: "\(stage).failed") }

    /// The code of string catalogs a stage cannot load: `<stage>.catalogs`.
    public static func catalogs(_ stage: String) -> DiagnosticCode { DiagnosticCode(rawValue: "\(stage).catalogs") }

    public var description: String { rawValue }

    /// What the code is about, its text before the first dot: a stage (`ingest`), `run`, `output`, `plugin`…
    public var area: Substring { rawValue.prefix { $0 != "." } }

    // One code is one text: the exit status follows from it.
    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    static let declared: [String: DiagnosticCode] = Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}
