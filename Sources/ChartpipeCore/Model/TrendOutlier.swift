import Foundation
import ChartpipeJSON

/// A point whose robust z-score exceeds the stage's `outliers` threshold.
public struct TrendOutlier: Sendable, Equatable {
    public var point: TrendPoint
    /// Robust z-score (signed): `0.6745 (y - median) / MAD`.
    public var score: Double

    public init(point: TrendPoint, score: Double) {
        self.point = point
        self.score = score
    }
}
