/// The stages a run can use: registered values (a description and a factory) in registration order.
public struct StageRegistry: Sendable {
    public let registrations: [StageRegistration]

    public init(_ registrations: [StageRegistration]) {
        // The first registration of a name wins: a plugin cannot shadow a built-in.
        var seen: Set<String> = []
        self.registrations = registrations.filter { seen.insert($0.name).inserted }
    }

    /// The registry for a pipeline in `directory`: every provider's stages, in order.
    public init(providers: [any StageProvider], pipelineDirectory: String?) {
        self.init(providers.flatMap { $0.registrations(pipelineDirectory: pipelineDirectory) })
    }

    /// Every description, in registration order.
    public var descriptions: [StageDescription] { registrations.map(\.description) }

    public func description(named name: String) -> StageDescription? {
        descriptions.first { $0.name == name }
    }

    public func registration(named name: String) -> StageRegistration? {
        registrations.first { $0.name == name }
    }

    /// How the runner calls a stage (from the protocol it conforms to).
    public func kind(of name: String) -> StageKind? {
        registration(named: name)?.kind
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
