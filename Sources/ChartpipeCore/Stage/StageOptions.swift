import ChartpipeJSON

/// A stage's options for one chart: the pipeline entry's values and the chart's overrides.
/// Defaults come from the option declarations when a stage reads them.
public struct StageOptions: Sendable {
    public var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    /// The options of `values` with every declared default filled in (what needs are checked against).
    public init(_ values: [String: JSONValue], declared fields: [Field]) {
        var all: [String: JSONValue] = [:]
        for field in fields { if let d = field.defaultValue { all[field.name] = d } }
        for (k, v) in values { all[k] = v }
        self.values = all
    }

    /// The raw JSON of an option, as written (no default).
    public subscript(name: String) -> JSONValue? { values[name] }

    /// The value of `option`, or its default. Throws, with validation's own wording, when the value
    /// breaks the declaration (options built in code rather than read from a checked pipeline file).
    public func value<V>(_ option: Option<V>) throws(ChartError) -> V {
        if let v = try optionalValue(option) { return v }
        throw ChartError("the option '\(option.name)' is missing (\(option.field.doc))", code: .optionsMissing,
                         field: option.name)
    }

    /// The value of `option`, its default, or nil for an option without default that is absent.
    public func optionalValue<V>(_ option: Option<V>) throws(ChartError) -> V? {
        guard let json = values[option.name] else { return option.defaultValue }
        var validator = ShapeValidator(path: "", locator: JSONLocator([]))
        let fits = validator.check(json, option.field.shape, pointer: "", name: "'\(option.name)'",
                                   rationale: option.field.rationale)
        if !fits || validator.diagnostics.count > 0 {
            let message = validator.diagnostics.first?.message ?? "'\(option.name)' has a value of the wrong type"
            throw ChartError(message, code: .optionsInvalid, field: option.name)
        }
        guard let value = V(optionValue: json) else {
            throw ChartError("'\(option.name)' has a value of the wrong type", code: .optionsInvalid, field: option.name)
        }
        return value
    }
}
