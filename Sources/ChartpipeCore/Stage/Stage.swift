/// A built-in or external stage. A stage is a value built once per chart from its options.
public protocol Stage: Sendable {
    static var description: StageDescription { get }
    /// Options are already validated against `description.options`; read them with
    /// `options.value(Self.someOption)`, which fills in the declared defaults.
    init(options: StageOptions) throws
    /// Checks what the options can only be checked against with a chart in hand (a calendar unit
    /// needs time x, say), so that `chartpipe validate` reports it before anything runs. Errors name
    /// the option as their `field`.
    func check(chart: ChartSpec) throws(ChartError)
}

extension Stage {
    /// Most stages can check everything from their options alone.
    public func check(chart: ChartSpec) throws(ChartError) {}
}
