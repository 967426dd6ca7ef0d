import ChartpipeJSON

/// The key under which the runner gives a chart's stages the run it is compared with.
public enum BaselineKey: ContextKey {
    public typealias Value = Baseline
}
