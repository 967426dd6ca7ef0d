import Foundation
import ChartpipeJSON

/// Last value minus first value; the percent is `nil` (with a reason) when the first value is zero.
public struct TrendChange: Sendable, Equatable {
    public var absolute: Double
    /// `100 * absolute / |first|`, or `nil` when the first value is zero.
    public var percent: Double?
    /// Why `percent` is `nil`, for example "the first value is 0".
    public var percentReason: String?

    public init(absolute: Double, percent: Double?, percentReason: String? = nil) {
        self.absolute = absolute
        self.percent = percent
        self.percentReason = percentReason
    }

    /// The change from `first` to `last`.
    public init(from first: Double, to last: Double) {
        absolute = last - first
        if first == 0 {
            percent = nil
            percentReason = last == 0 ? "the first and last values are 0" : "the first value is 0"
        } else if first < 0 || last < 0 {
            // A percent of a negative start, or across zero, says nothing true ("fell 240% from 10 to -14").
            percent = nil
            percentReason = first < 0 ? "the first value is negative" : "the values change sign"
        } else {
            percent = 100 * (last - first) / abs(first)
            percentReason = nil
        }
    }
}
