/// A file a stage produces; the runner writes it atomically under the chart's folder.
public struct Artifact: Sendable, Equatable {
    /// Path relative to the chart's folder (`data.json`) or, for run stages, to the output folder.
    public var path: String
    /// What it is: `data`, `trend`, `description`, `axchart`, `audio`, `cues`, `table`, `chart`, `report`…
    public var kind: String
    public var locale: String?
    public var bytes: [UInt8]

    public init(path: String, kind: String, locale: String? = nil, bytes: [UInt8]) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
    }
}

/// An artifact as recorded in the manifest.
public struct ManifestArtifact: Sendable, Equatable {
    /// Relative to the output folder.
    public var path: String
    public var kind: String
    public var locale: String?
    public var bytes: Int
    public var sha256: String

    public init(path: String, kind: String, locale: String?, bytes: Int, sha256: String) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
        self.sha256 = sha256
    }
}
