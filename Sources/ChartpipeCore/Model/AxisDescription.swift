/// One axis: what it represents and its range, as a sentence.
public struct AxisDescription: Sendable, Equatable {
    public enum Axis: String, Sendable { case x, y }
    public var axis: Axis
    /// The axis title, translated.
    public var title: String
    public var text: String

    public init(axis: Axis, title: String, text: String) {
        self.axis = axis
        self.title = title
        self.text = text
    }
}
