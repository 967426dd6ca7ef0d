/// A series' dominant cycle, found from the autocorrelation of its detrended ranks (trend.json `cycle`).
public struct TrendCycle: Sendable, Equatable {
    /// The cycle's length in points (the lag of the autocorrelation peak).
    public var lag: Int
    /// The cycle's length in x units (days for a time x): `lag` times the series' spacing.
    public var period: Double
    /// The autocorrelation at `lag`.
    public var autocorrelation: Double
    /// The latest value that is the highest within half a cycle on each side, with a later lower value.
    public var lastPeak: TrendPoint?

    public init(lag: Int, period: Double, autocorrelation: Double, lastPeak: TrendPoint?) {
        self.lag = lag
        self.period = period
        self.autocorrelation = autocorrelation
        self.lastPeak = lastPeak
    }
}
