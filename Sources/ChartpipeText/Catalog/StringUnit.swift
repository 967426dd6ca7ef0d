import ChartpipeJSON

/// A translated text with its review state (`translated`, `needs_review`, `new`, `stale`).
public struct StringUnit: Sendable, Hashable {
    public var state: String
    public var value: String { didSet { template = Template(value) } }
    /// `value` parsed when it is set, so that rendering it for every chart never parses it again.
    public private(set) var template: Template

    public init(state: String = "translated", value: String) {
        self.state = state
        self.value = value
        self.template = Template(value)
    }

    public static func == (a: StringUnit, b: StringUnit) -> Bool { a.state == b.state && a.value == b.value }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(value)
    }
}
