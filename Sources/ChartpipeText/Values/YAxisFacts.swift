#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What writing a chart's y values needs to know about its axis, as plain values.
public struct YAxisFacts: Sendable, Hashable {
    /// As a pipeline writes it (SPEC §3 `y.unit`): an ISO 4217 currency, `percent`, a CLDR unit id,
    /// or nil for a plain number.
    public var unit: String?
    /// The largest magnitude of a finite value; 0 without one.
    public var largest: Double
    /// Every finite value is an integer, so currencies drop their cents ("$1,200", not "$1,200.00").
    public var wholeValues: Bool
    /// No finite value is negative.
    public var nonNegative: Bool
    /// The fraction digits the data is written with (at most 2): plain numbers written with two
    /// keep them, so that 13,058.20 reads beside 13,043.96; 0 when some value has more, or none has any.
    public var decimals: Int

    public init(unit: String?, largest: Double, wholeValues: Bool, nonNegative: Bool = true, decimals: Int = 0) {
        self.unit = unit
        self.largest = largest
        self.wholeValues = wholeValues
        self.nonNegative = nonNegative
        self.decimals = decimals
    }

    /// The facts of an axis whose series have the y values `series`; non-finite values are gaps.
    public init(unit: String?, series: [[Double]]) {
        var largest = 0.0
        var whole = true
        var nonNegative = true
        var decimals = 0
        for ys in series {
            for y in ys where y.isFinite {
                largest = max(largest, abs(y))
                if y != y.rounded() { whole = false }
                if y < 0 { nonNegative = false }
                // Digits needed, tested on the scaled value with a tolerance for binary fractions.
                while decimals <= 2 {
                    let scaled = y * Double.pow10(decimals)
                    if abs(scaled - scaled.rounded()) <= 1e-9 * Swift.max(1, abs(scaled)) { break }
                    decimals += 1
                }
            }
        }
        self.init(unit: unit, largest: largest, wholeValues: whole, nonNegative: nonNegative, decimals: decimals <= 2 ? decimals : 0)
    }

    /// What the values are; `counted` when a fold counted rows into them, `summed` when it added them.
    public func kind(counted: Bool = false, summed: Bool = false) -> QuantityKind {
        switch UnitKind(unit) {
        case .percent: return .percentage
        // Prices seldom reach a million; revenue, spending and GDP do, and sums of money are totals.
        case .currency: return summed || largest >= 1e6 ? .total : .price
        case let .measure(id) where id.hasPrefix("temperature-"): return .temperature
        case .measure: return .amount
        // A plain number written with two decimals is a level (an index: 13,058.20, 1,628.75); others,
        // a mean of counts among them (231.56 visitors a day), are amounts.
        case .none: return counted || (wholeValues && nonNegative) ? .count : decimals == 2 ? .level : .amount
        }
    }
}
