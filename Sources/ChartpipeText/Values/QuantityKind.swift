#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a y value is, which decides the verbs of a change: prices rise and fall (상승/하락,
/// 上涨/下跌, 上昇/下落), counts increase and decrease, temperatures rise and drop, and a
/// percentage changes by percentage points.
public enum QuantityKind: String, Sendable, CaseIterable {
    /// An amount of money (`y.unit` a currency).
    case price
    /// A temperature (`temperature-*`).
    case temperature
    /// A percentage (`y.unit` is `percent`): changes are in percentage points.
    case percentage
    /// Whole, non-negative values without a unit, or a fold's `count`.
    case count
    /// Anything else: a measure or a plain number.
    case amount
}
