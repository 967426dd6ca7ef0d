import Foundation
import ChartpipeJSON

/// A peak or valley with its topographic prominence.
public struct TrendExtreme: Sendable, Equatable {
    public var point: TrendPoint
    /// Height above (peak) or depth below (valley) the higher of its two bases, always ≥ 0.
    public var prominence: Double

    public init(point: TrendPoint, prominence: Double) {
        self.point = point
        self.prominence = prominence
    }
}
