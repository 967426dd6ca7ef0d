/// What every chart of a run shares.
public struct RunInfo: Sendable {
    /// Locales to write, in order.
    public var locales: [String]
    /// String catalogs of the pipeline (absolute paths).
    public var strings: [String]
    /// Folder of the pipeline file; relative paths resolve against it.
    public var pipelineDirectory: String
    public var pipelineName: String

    public init(locales: [String], strings: [String] = [], pipelineDirectory: String, pipelineName: String) {
        self.locales = locales
        self.strings = strings
        self.pipelineDirectory = pipelineDirectory
        self.pipelineName = pipelineName
    }
}
