/// The x axis of a chart (SPEC §3 `x`).
public struct XSpec: Sendable, Equatable {
    public var field: String
    public var type: XType
    public var title: String?
    /// Time format: nil for ISO 8601, else a pattern such as `yyyy/MM/dd`, or `epoch-seconds` / `epoch-millis`.
    public var format: String?
    /// IANA time zone identifier for times without an offset, and for calendar buckets.
    public var zone: String
    /// Unit of a number x: `year` (x values are calendar years) or a CLDR unit id
    /// (`length-kilometer`), so that values read with their unit.
    public var unit: String?
    /// Whether the pipeline said `type`; when it did not, the type is read from the data.
    public var typeGiven: Bool
    /// A wall-clock time that occurs twice when daylight saving ends.
    public var ambiguous: AmbiguousTime
    /// A wall-clock time that a spring-forward change skips.
    public var nonexistent: NonexistentTime

    public init(field: String, type: XType, title: String? = nil, format: String? = nil, zone: String = "UTC",
                unit: String? = nil, typeGiven: Bool = true, ambiguous: AmbiguousTime = .order,
                nonexistent: NonexistentTime = .error) {
        self.field = field
        self.type = type
        self.title = title
        self.format = format
        self.zone = zone
        self.unit = unit
        self.typeGiven = typeGiven
        self.ambiguous = ambiguous
        self.nonexistent = nonexistent
    }

    /// The value of `unit` that says x values are calendar years.
    public static let yearUnit = "year"
}
