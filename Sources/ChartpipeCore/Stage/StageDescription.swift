/// What `chartpipe stages`, the JSON Schema, validation and the chain check know of a stage:
/// declared once, by the stage itself (or by a plugin's `--describe`).
public struct StageDescription: Sendable {
    public var name: String
    /// One line.
    public var summary: String
    public var options: [Field]
    /// What it needs from earlier stages; a need may depend on the stage's options.
    public var needs: [Need]
    public var adds: [Capability]
    /// What it makes stale when it runs after the stage that added it: a data stage after
    /// `describe` changes the points that the point labels name.
    public var invalidates: [Capability]
    /// Whether a pipeline may list the stage more than once (each entry then needs an `id`).
    public var mayRepeat: Bool
    /// Whether its work and output grow with every point it is given (labels, audio): validation
    /// warns when no stage that reduces the points (adds `aggregated` or `downsampled`) comes before.
    public var perPoint = false

    public init(name: String, summary: String, options: [any OptionDeclaration] = [], needs: [Need] = [],
                adds: [Capability] = [], invalidates: [Capability] = [], mayRepeat: Bool = false, perPoint: Bool = false) {
        self.init(name: name, summary: summary, fields: options.map(\.field), needs: needs, adds: adds,
                  invalidates: invalidates, mayRepeat: mayRepeat)
        self.perPoint = perPoint
    }

    /// A description whose options are fields already (a plugin's, read from its `--describe`).
    public init(name: String, summary: String, fields: [Field], needs: [Need] = [], adds: [Capability] = [],
                invalidates: [Capability] = [], mayRepeat: Bool = false) {
        self.name = name
        self.summary = summary
        self.options = fields
        self.needs = needs
        self.adds = adds
        self.invalidates = invalidates
        self.mayRepeat = mayRepeat
    }

    /// The capabilities needed with these options (defaults filled in).
    public func needs(with options: StageOptions) -> [Capability] {
        needs.filter { $0.holds(for: options) }.map(\.capability)
    }

    /// The option named `name`.
    public func option(named name: String) -> Field? { options.first { $0.name == name } }
}
