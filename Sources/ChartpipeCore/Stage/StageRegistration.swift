/// A stage a registry knows: its description, how the runner calls it, and how to build it.
/// Built-in stages register their type; external stages (plugins) register a description read
/// from the plugin and a factory that starts its process.
public struct StageRegistration: Sendable {
    public let description: StageDescription
    public let kind: StageKind
    /// Where the stage comes from, for `chartpipe stages`: nil for a built-in, else a plugin's path.
    public let origin: String?
    private let factory: @Sendable (StageOptions) throws -> any Stage
    private let release: @Sendable () -> Void

    /// A built-in stage: its kind follows from the protocol it conforms to.
    public init<S: Stage>(_ type: S.Type) {
        description = S.description
        kind = Self.kind(of: type)
        origin = nil
        factory = { try S(options: $0) }
        release = {}
    }

    /// A stage described at run time (a plugin). `release` gives back what its stages hold across
    /// charts (a plugin's persistent processes); the runner calls it once every chart has finished.
    public init(description: StageDescription, kind: StageKind, origin: String?,
                make: @escaping @Sendable (StageOptions) throws -> any Stage,
                release: @escaping @Sendable () -> Void = {}) {
        self.description = description
        self.kind = kind
        self.origin = origin
        factory = make
        self.release = release
    }

    public var name: String { description.name }

    /// Builds the stage for one chart (or for the run) from its options.
    public func make(_ options: StageOptions) throws -> any Stage { try factory(options) }

    /// Gives back what the stage holds across charts; it may be built again afterwards.
    public func releaseResources() { release() }

    static func kind<S: Stage>(of type: S.Type) -> StageKind {
        if type is any SourceStage.Type { return .source }
        if type is any FoldStage.Type { return .fold }
        if type is any RunStage.Type { return .run }
        return .chart
    }
}
