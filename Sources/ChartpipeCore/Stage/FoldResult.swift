/// What a fold makes of a stream: the series, warnings, and typed values for the chart's context
/// (what the buckets were, for the stages that describe the values).
public struct FoldResult: Sendable {
    public var data: SeriesSet
    public var warnings: [Diagnostic]
    private(set) var values: [ObjectIdentifier: any Sendable] = [:]

    public init(data: SeriesSet, warnings: [Diagnostic] = []) {
        self.data = data
        self.warnings = warnings
    }

    public subscript<K: ContextKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
