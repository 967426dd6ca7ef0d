import Foundation
import ChartpipeJSON

/// A piece of a series between two turning points; consecutive segments share their boundary point.
public struct TrendSegment: Sendable, Equatable {
    /// First point (index into the full series).
    public var from: Int
    /// Last point (index into the full series); the next segment starts here.
    public var to: Int
    public var direction: SegmentDirection
    /// `y[to] - y[from]`, with the percent relative to `y[from]`.
    public var change: TrendChange
    /// Least squares slope of the segment's points, per unit of x.
    public var slope: Double

    public init(from: Int, to: Int, direction: SegmentDirection, change: TrendChange, slope: Double) {
        self.from = from
        self.to = to
        self.direction = direction
        self.change = change
        self.slope = slope
    }
}
