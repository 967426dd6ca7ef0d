import ChartpipeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A dominant cycle of a time series: which phases (months of the year, days of the week, hours
/// of the day) are highest and lowest, and their mean values.
struct Season: Equatable {
    /// The cycle: `year` (phases are months), `week` (weekdays, Monday first) or `day` (hours).
    enum Period: String { case year, week, day }

    var period: Period
    /// One phase, or two adjacent ones (which may wrap: December–January).
    struct Span: Equatable {
        var first: Int
        var last: Int
        var phases: [Int] { first == last ? [first] : [first, last] }
    }

    /// The highest and lowest phases: one, or two adjacent ones when the second is close.
    var high: Span
    var low: Span
    /// The mean of every value that falls in `high` and in `low`.
    var highMean: Double
    var lowMean: Double
    /// The share of the detrended variance the phases explain (the correlation ratio η²).
    var strength: Double
    /// The Kruskal-Wallis p-value of the values grouped by phase.
    var p: Double
}
