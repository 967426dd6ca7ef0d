/// One change since the run a chart was compared with, in words: its kind (as the manifest names
/// it, `new-points`…), the series, and the sentence.
public struct ChangeDescription: Sendable, Equatable {
    public var kind: String
    public var series: String
    public var text: String

    public init(kind: String, series: String, text: String) {
        self.kind = kind
        self.series = series
        self.text = text
    }
}
