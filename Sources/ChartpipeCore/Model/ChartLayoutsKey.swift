/// The layout the `chart` stage drew, per locale ("overlay", "small-multiples" or "highlight"), for stages after
/// it (the report) that say how the chart was drawn. The same in every locale.
public enum ChartLayoutsKey: ContextKey {
    public typealias Value = [String: String]
}
