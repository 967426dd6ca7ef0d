import ChartpipeCore
import ChartpipeJSON

/// Tests build a stage as a pipeline does, through `init(options:)` from the options as a pipeline
/// entry writes them, so that every default and limit is the stage's declared one.
extension Stage {
    /// The stage with every option at its declared default.
    public init() {
        // The declared defaults are valid by declaration: a stage they do not build is a broken declaration.
        do { try self.init(options: StageOptions()) } catch { fatalError("stage '\(Self.description.name)' does not build with its defaults: \(error)") }
    }

    /// The stage with these options (named as in a pipeline file), the others at their defaults. A
    /// name the stage does not declare is a mistake of the test: it throws, rather than leave the
    /// option at its default unseen.
    public init(_ options: [String: JSONValue]) throws {
        let declared = Set(Self.description.options.map(\.name))
        if let unknown = options.keys.sorted().first(where: { !declared.contains($0) }) {
            throw ChartError("stage '\(Self.description.name)' has no option '\(unknown)'")
        }
        try self.init(options: StageOptions(options))
    }
}
