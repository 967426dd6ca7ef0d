import ChartpipeJSON

/// One option of a stage, declared once: its name, type, limits, default and documentation.
/// Validation, the JSON Schema, `chartpipe stages` and the stage's own reading of its options
/// (`StageOptions.value(_:)`) all go through this declaration, so a limit has one wording.
public struct Option<Value: OptionValue>: OptionDeclaration {
    public let field: Field
    public let defaultValue: Value?

    public var name: String { field.name }

    /// Checks a value given in code (not read from a pipeline file) against the declaration, with
    /// validation's wording.
    @discardableResult
    public func validate(_ value: Value) throws(ChartError) -> Value {
        try StageOptions([name: value.optionValue]).value(self)
    }

    /// An option of the type's own shape, or of `shape` when the type allows more than the option does.
    public init(_ name: String, doc: String, default defaultValue: Value? = nil, required: Bool = false,
                shape: Shape? = nil, rationale: String? = nil) {
        self.defaultValue = defaultValue
        field = Field(name, shape ?? Value.baseShape, doc: doc, default: defaultValue?.optionValue,
                      required: required, rationale: rationale)
    }
}

extension Option where Value == Int {
    /// An integer option with limits.
    public init(_ name: String, doc: String, default defaultValue: Int? = nil, min: Int? = nil, max: Int? = nil,
                rationale: String? = nil) {
        self.init(name, doc: doc, default: defaultValue, shape: .integer(min: min, max: max), rationale: rationale)
    }
}

extension Option where Value == Double {
    /// A number option with limits; `above` and `below` are exclusive.
    public init(_ name: String, doc: String, default defaultValue: Double? = nil, min: Double? = nil,
                above: Double? = nil, max: Double? = nil, below: Double? = nil, rationale: String? = nil) {
        let shape = Shape.number(min: above ?? min, max: below ?? max, exclusiveMinimum: above != nil,
                                 exclusiveMaximum: below != nil)
        self.init(name, doc: doc, default: defaultValue, shape: shape, rationale: rationale)
    }
}

extension Option {
    /// A list option whose items are choices: at least `minItems`, each at most once.
    public init<Item: OptionChoice>(_ name: String, doc: String, default defaultValue: [Item]? = nil, minItems: Int = 1)
        where Value == [Item] {
        self.init(name, doc: doc, default: defaultValue,
                  shape: .array(Item.baseShape, minItems: minItems, uniqueItems: true))
    }
}
