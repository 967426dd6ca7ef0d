#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a date is written: always with the month spelled out, never "6/6" (SPEC §5).
public enum DateStyle: Sendable, Hashable {
    /// "June 6", "6월 6일", "6月6日" (zh, ja).
    case monthDay
    /// "June 6, 2026", "2026년 6월 6일", "2026年6月6日".
    case yearMonthDay
    /// "June 2026", "2026년 6월", "2026年6月".
    case yearMonth
    /// "2026", "2026년", "2026年".
    case year
    /// "4th quarter 2026", "2026년 4분기", "2026年第4季度", "2026年第4四半期".
    case yearQuarter
    /// "June 6 at 1:00 PM", "6월 6일 13:00", "6月6日 13:00" (zh, ja).
    case monthDayTime
    /// "June 6, 2026 at 1:00 PM", "2026년 6월 6일 13:00", "2026年6月6日 13:00" (zh, ja).
    case yearMonthDayTime
    /// An ICU date skeleton such as `MMMMdjmm` (use `MMMM`, not `M`, to keep the month spelled out).
    case skeleton(String)

    var skeleton: String {
        switch self {
        case .monthDay: return "MMMMd"
        case .yearMonthDay: return "yMMMMd"
        case .yearMonth: return "yMMMM"
        case .year: return "y"
        case .yearQuarter: return "yQQQQ"
        case .monthDayTime: return "MMMMdjmm"
        case .yearMonthDayTime: return "yMMMMdjmm"
        case let .skeleton(s): return s
        }
    }
}
