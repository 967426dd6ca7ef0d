import Foundation
import ChartpipeJSON

/// Where a series crosses one of the chart's named thresholds.
public struct ThresholdCrossing: Sendable, Equatable {
    public var threshold: String
    public var value: Double
    /// Interpolated x of the crossing.
    public var x: Double
    /// The first point at or beyond the threshold on the new side (index into the full series).
    public var index: Int
    /// `true` when the series goes from below to above.
    public var upward: Bool

    public init(threshold: String, value: Double, x: Double, index: Int, upward: Bool) {
        self.threshold = threshold
        self.value = value
        self.x = x
        self.index = index
        self.upward = upward
    }
}
