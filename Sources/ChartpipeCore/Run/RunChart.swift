import ChartpipeJSON

/// One chart of the pipeline as a run-level stage sees it: its spec, and its manifest entry — run
/// now, kept from an earlier run (`--only`, `--locales`), or none when it never ran in this folder.
public struct RunChart: Sendable {
    public let spec: ChartSpec
    public let record: ChartRecord?
    /// Whether this run ran it (false for a chart kept from an earlier run).
    public let ranNow: Bool

    public init(spec: ChartSpec, record: ChartRecord?, ranNow: Bool) {
        self.spec = spec
        self.record = record
        self.ranNow = ranNow
    }

    public var id: String { spec.id }
    /// The listed file of `kind` (and `locale`), if the chart has one.
    public func artifact(kind: String, locale: String? = nil) -> ManifestArtifact? {
        record?.artifacts.first { $0.kind == kind && $0.locale == locale }
    }
}
