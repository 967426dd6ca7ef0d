import Foundation
import ChartpipeJSON

/// Sen's slope (Sen 1968): the median of pairwise slopes over x, and the line through the medians.
public struct SenEstimate: Sendable, Equatable {
    /// Per unit of x (per day for time x).
    public var slope: Double
    /// `median(y) - slope * median(x)`.
    public var intercept: Double

    public init(slope: Double, intercept: Double) {
        self.slope = slope
        self.intercept = intercept
    }
}
