import Foundation
import ChartpipeJSON

/// Where two series cross: their difference changes sign.
public struct Crossover: Sendable, Equatable {
    /// Index of the first series in `TrendResult.series`.
    public var a: Int
    /// Index of the second series.
    public var b: Int
    /// Interpolated x of the crossing.
    public var x: Double
    /// First point of series `a` at or after the crossing (index into its full series).
    public var indexA: Int
    /// First point of series `b` at or after the crossing.
    public var indexB: Int
    /// The series (`a` or `b`) that is above after the crossing.
    public var above: Int

    public init(a: Int, b: Int, x: Double, indexA: Int, indexB: Int, above: Int) {
        self.a = a
        self.b = b
        self.x = x
        self.indexA = indexA
        self.indexB = indexB
        self.above = above
    }
}
