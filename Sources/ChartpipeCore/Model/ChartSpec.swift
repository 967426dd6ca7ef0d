/// One chart of a pipeline, validated.
public struct ChartSpec: Sendable, Equatable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var mark: Mark
    public var source: SourceSpec
    public var x: XSpec
    public var y: YSpec
    /// Field whose distinct values name the series (long data).
    public var seriesField: String?
    /// Where the chart was declared, for messages.
    public var location: SourceLocation

    public init(id: String, title: String, subtitle: String? = nil, mark: Mark = .line, source: SourceSpec,
                x: XSpec, y: YSpec, seriesField: String? = nil, location: SourceLocation) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.mark = mark
        self.source = source
        self.x = x
        self.y = y
        self.seriesField = seriesField
        self.location = location
    }
}
