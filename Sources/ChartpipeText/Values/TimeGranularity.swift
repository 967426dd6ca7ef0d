#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How finely a time axis is written, chosen from the spacing of the data (SPEC §5: dates are
/// always unambiguous, with the month spelled out).
public enum TimeGranularity: Sendable, Equatable {
    case millisecond, second, hour, day, month, quarter, year

    /// The granularity of points spaced at least `spacing` milliseconds apart.
    public init(spacing: Double?) {
        guard let spacing else { self = .day; return }
        let day = 86_400_000.0
        // A day less an hour still counts as daily: a daylight saving change shortens one day.
        if spacing >= 360 * day { self = .year }
        else if spacing >= 89 * day { self = .quarter }
        else if spacing >= 28 * day { self = .month }
        else if spacing >= 23 * 3_600_000 { self = .day }
        else if spacing >= 60_000 { self = .hour }
        else if spacing >= 1_000 { self = .second }
        else { self = .millisecond }
    }
}
