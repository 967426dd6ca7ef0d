/// The stages a run can use: registered values (a description and a factory) in registration
/// order, then the stages of SPEC §1 that this build does not have yet, whose options are already
/// known and checked so that a pipeline written today stays valid.
public struct StageRegistry: Sendable {
    public let registrations: [StageRegistration]
    public let planned: [StageDescription]

    public init(_ registrations: [StageRegistration], planned: [StageDescription] = PlannedStages.all) {
        // The first registration of a name wins: a plugin cannot shadow a built-in.
        var seen: Set<String> = []
        self.registrations = registrations.filter { seen.insert($0.name).inserted }
        self.planned = planned.filter { !seen.contains($0.name) }
    }

    /// The registry for a pipeline in `directory`: every provider's stages, in order.
    public init(providers: [any StageProvider], pipelineDirectory: String?, planned: [StageDescription] = PlannedStages.all) {
        self.init(providers.flatMap { $0.registrations(pipelineDirectory: pipelineDirectory) }, planned: planned)
    }

    /// Every description, available first, in registration order.
    public var descriptions: [StageDescription] { registrations.map(\.description) + planned }

    public func description(named name: String) -> StageDescription? {
        descriptions.first { $0.name == name }
    }

    public func registration(named name: String) -> StageRegistration? {
        registrations.first { $0.name == name }
    }

    public var availableNames: [String] { registrations.map(\.name) }

    /// The kind of a stage, available or planned (planned stages say theirs).
    public func kind(of name: String) -> StageKind? {
        registration(named: name)?.kind ?? PlannedStages.kinds[name]
    }

    /// Gives back what stages hold across charts (processes of plugins): once every chart has finished.
    public func releaseResources() {
        for registration in registrations { registration.releaseResources() }
    }

    /// Patterns of every option that do not compile: a stage's declaration is broken.
    public func brokenPatterns() -> [(stage: String, option: String, pattern: String, reason: String)] {
        var broken: [(String, String, String, String)] = []
        for d in descriptions {
            for field in d.options {
                for (pattern, reason) in field.shape.brokenPatterns() { broken.append((d.name, field.name, pattern, reason)) }
            }
        }
        return broken
    }
}
