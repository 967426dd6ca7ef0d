/// A fixed list of stages (the built-ins, or test doubles).
public struct StageList: StageProvider {
    public let stages: [StageRegistration]
    public init(_ stages: [StageRegistration]) { self.stages = stages }
    public func registrations(pipelineDirectory: String?) -> [StageRegistration] { stages }
}
