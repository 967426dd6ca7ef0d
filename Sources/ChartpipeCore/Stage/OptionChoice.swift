import ChartpipeJSON

/// One of a fixed set of names, such as a method or a file format: a String enum whose cases are
/// the choices, in the order `chartpipe stages` lists them.
public protocol OptionChoice: OptionValue, RawRepresentable, CaseIterable where RawValue == String {}

extension OptionChoice {
    public static var baseShape: Shape { .choice(allCases.map(\.rawValue)) }
    public init?(optionValue json: JSONValue) {
        guard let s = json.stringValue, let v = Self(rawValue: s) else { return nil }
        self = v
    }
    public var optionValue: JSONValue { .string(rawValue) }
}
