import ChartpipeJSON

/// A key of an object shape: a chart key or a stage option.
public struct Field: Sendable {
    public var name: String
    public var shape: Shape
    /// One line for users: it is the documentation in `chartpipe stages` and the schema.
    public var doc: String
    public var defaultValue: JSONValue?
    public var required: Bool
    /// Why the limits of the shape are what they are; added to an out-of-range message
    /// (for `points`: "audio graphs need at least 20 points").
    public var rationale: String?

    public init(_ name: String, _ shape: Shape, doc: String, default defaultValue: JSONValue? = nil,
                required: Bool = false, rationale: String? = nil) {
        self.name = name
        self.shape = shape
        self.doc = doc
        self.defaultValue = defaultValue
        self.required = required
        self.rationale = rationale
    }
}
