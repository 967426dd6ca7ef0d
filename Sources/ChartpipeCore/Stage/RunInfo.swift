/// What every chart of a run shares.
public struct RunInfo: Sendable {
    /// Locales to write, in order.
    public var locales: [String]
    /// String catalogs of the pipeline (absolute paths).
    public var strings: [String]
    /// Folder of the pipeline file; relative paths resolve against it.
    public var pipelineDirectory: String
    public var pipelineName: String
    /// The pipeline's `title`, untranslated: the report's heading; nil when the pipeline has none.
    public var pipelineTitle: String?

    public init(locales: [String], strings: [String] = [], pipelineDirectory: String, pipelineName: String) {
        self.init(locales: locales, strings: strings, pipelineDirectory: pipelineDirectory, pipelineName: pipelineName, pipelineTitle: nil)
    }

    public init(locales: [String], strings: [String] = [], pipelineDirectory: String, pipelineName: String, pipelineTitle: String?) {
        self.locales = locales
        self.strings = strings
        self.pipelineDirectory = pipelineDirectory
        self.pipelineName = pipelineName
        self.pipelineTitle = pipelineTitle
    }
}
