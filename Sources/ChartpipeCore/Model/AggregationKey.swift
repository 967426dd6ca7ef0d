/// The key under which a fold stores its `Aggregation`.
public enum AggregationKey: ContextKey {
    public typealias Value = Aggregation
}
