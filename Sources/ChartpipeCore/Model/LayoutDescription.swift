/// Which layout the `chart` stage drew, in words: description.json and the report say it, not only
/// the SVG (issue 32).
public struct LayoutDescription: Sendable, Equatable {
    /// "overlay" or "small-multiples" (`ChartLayoutsKey`).
    public var drawn: String
    /// The sentence that says it in the description's locale.
    public var text: String

    public init(drawn: String, text: String) {
        self.drawn = drawn
        self.text = text
    }
}
