/// The mark of a chart; line and area are continuous, bar and point discrete.
public enum Mark: String, Sendable, CaseIterable {
    case line, area, bar, point
    public var isContinuous: Bool { self == .line || self == .area }
}
