import Foundation
import ChartpipeJSON

/// An ordinary least squares line `y = intercept + slope * x`.
public struct LinearFit: Sendable, Equatable {
    /// Per unit of x (per day for time x).
    public var slope: Double
    /// The fitted y at x = 0 (for time x: at 1970-01-01T00:00:00Z).
    public var intercept: Double
    /// Coefficient of determination; 0 when y is constant (as `scipy.stats.linregress`).
    public var r2: Double

    public init(slope: Double, intercept: Double, r2: Double) {
        self.slope = slope
        self.intercept = intercept
        self.r2 = r2
    }
}
