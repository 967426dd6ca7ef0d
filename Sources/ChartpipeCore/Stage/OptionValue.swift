import ChartpipeJSON

/// A Swift type that a stage option's JSON value decodes into.
public protocol OptionValue: Sendable {
    /// The shape of any value of the type, before an option's own limits.
    static var baseShape: Shape { get }
    /// The value of valid JSON; nil when the JSON is of another type.
    init?(optionValue json: JSONValue)
    /// The value as JSON (for defaults in the schema and in `chartpipe stages`).
    var optionValue: JSONValue { get }
}

extension Int: OptionValue {
    public static var baseShape: Shape { .integer() }
    public init?(optionValue json: JSONValue) {
        guard case let .int(i) = json else { return nil }
        self = i
    }
    public var optionValue: JSONValue { .int(self) }
}

extension Double: OptionValue {
    public static var baseShape: Shape { .number() }
    public init?(optionValue json: JSONValue) {
        guard let d = json.doubleValue else { return nil }
        self = d
    }
    public var optionValue: JSONValue { self == rounded() && abs(self) < 1e15 ? .int(Int(self)) : .double(self) }
}

extension Bool: OptionValue {
    public static var baseShape: Shape { .bool }
    public init?(optionValue json: JSONValue) {
        guard let b = json.boolValue else { return nil }
        self = b
    }
    public var optionValue: JSONValue { .bool(self) }
}

extension String: OptionValue {
    public static var baseShape: Shape { .string() }
    public init?(optionValue json: JSONValue) {
        guard let s = json.stringValue else { return nil }
        self = s
    }
    public var optionValue: JSONValue { .string(self) }
}

extension JSONValue: OptionValue {
    public static var baseShape: Shape { .any }
    public init?(optionValue json: JSONValue) { self = json }
    public var optionValue: JSONValue { self }
}

extension Array: OptionValue where Element: OptionValue {
    public static var baseShape: Shape { .array(Element.baseShape) }
    public init?(optionValue json: JSONValue) {
        guard let items = json.arrayValue else { return nil }
        var values: [Element] = []
        for item in items {
            guard let v = Element(optionValue: item) else { return nil }
            values.append(v)
        }
        self = values
    }
    public var optionValue: JSONValue { .array(map(\.optionValue)) }
}
