/// The y axis of a chart (SPEC §3 `y`).
public struct YSpec: Sendable, Equatable {
    /// One field for long data, several for wide data (one series per field).
    public var fields: [String]
    /// True when the pipeline said `fields` (wide data), false for `field`.
    public var isWide: Bool
    public var title: String?
    /// ISO 4217 currency, `percent`, or a CLDR unit id such as `duration-minute`.
    public var unit: String?
    /// A fixed range, or nil for auto.
    public var range: ClosedRange<Double>?
    /// Named reference values, in the order written.
    public var thresholds: [(name: String, value: Double)]

    public init(fields: [String], isWide: Bool = false, title: String? = nil, unit: String? = nil,
                range: ClosedRange<Double>? = nil, thresholds: [(name: String, value: Double)] = []) {
        self.fields = fields
        self.isWide = isWide
        self.title = title
        self.unit = unit
        self.range = range
        self.thresholds = thresholds
    }

    public static func == (a: YSpec, b: YSpec) -> Bool {
        a.fields == b.fields && a.isWide == b.isWide && a.title == b.title && a.unit == b.unit && a.range == b.range
            && a.thresholds.map(\.name) == b.thresholds.map(\.name) && a.thresholds.map(\.value) == b.thresholds.map(\.value)
    }
}
