#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a y value is, which decides the verbs of a change: prices and levels rise and fall
/// (상승/하락, 上涨/下跌, 上昇/下落), counts and totals increase and decrease (증가/감소, 增长/减少,
/// 増加/減少), temperatures rise and drop, and a percentage changes by percentage points.
public enum QuantityKind: String, Sendable, CaseIterable {
    /// An amount of money (`y.unit` a currency) that is a price: it rises and falls.
    case price
    /// A total of money (revenue, GDP): summed by `aggregate`, or on an axis that reaches a million.
    /// It increases and decreases (매출 증가, 国内生产总值增长), as prices do not.
    case total
    /// A temperature (`temperature-*`).
    case temperature
    /// A percentage (`y.unit` is `percent`): changes are in percentage points.
    case percentage
    /// Whole, non-negative values without a unit, or a fold's `count`.
    case count
    /// A plain number that is not a count, written with two decimals (an index, 13,058.20): a level,
    /// which rises and falls (지수 상승, 指数上升, 指数上昇), never "증가" as amounts do.
    case level
    /// Anything else: a measure (a length, a mass, a duration).
    case amount
}
