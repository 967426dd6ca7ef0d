import Foundation
import ChartpipeJSON

/// One point of a series, named by its index into the full series (gaps included).
public struct TrendPoint: Sendable, Equatable {
    /// Index into the full series (`ChartContext.fullSeries`), gaps counted.
    public var index: Int
    public var x: Double
    public var y: Double

    public init(index: Int, x: Double, y: Double) {
        self.index = index
        self.x = x
        self.y = y
    }
}
