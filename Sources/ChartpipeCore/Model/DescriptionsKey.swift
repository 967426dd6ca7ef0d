// The description layers the `describe` stage adds to a chart's context, per locale, so that the
// CLI's `chartpipe describe`, the report and sonify can read them (SPEC §4 description.<locale>.json).

/// The key under which `describe` stores its descriptions: one `ChartDescription` per locale of the run.
public enum DescriptionsKey: ContextKey {
    public typealias Value = [String: ChartDescription]
}
