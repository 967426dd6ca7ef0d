/// A key for a typed value that a stage adds to a chart's context, such as the trend statistics.
/// The value type lives in the core when another stage reads it.
public protocol ContextKey {
    associatedtype Value: Sendable
}
