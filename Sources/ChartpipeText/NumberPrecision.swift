#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many digits a formatted number shows.
public enum NumberPrecision: Sendable, Hashable {
    /// ICU's default: up to six fraction digits, trailing zeros dropped.
    case automatic
    /// No fraction digits.
    case integer
    /// Exactly this many fraction digits ("1.50").
    case fractionDigits(Int)
    /// At most this many fraction digits, trailing zeros dropped ("1.5").
    case maxFractionDigits(Int)
    /// This many significant digits at most ("0.0123").
    case significantDigits(Int)

    /// The precision stem of an ICU number skeleton.
    var skeleton: String {
        switch self {
        case .automatic: return ""
        case .integer: return "precision-integer"
        case let .fractionDigits(n): return n <= 0 ? "precision-integer" : "." + String(repeating: "0", count: min(n, 15))
        case let .maxFractionDigits(n): return n <= 0 ? "precision-integer" : "." + String(repeating: "#", count: min(n, 15))
        case let .significantDigits(n): return String(repeating: "@", count: max(1, min(n, 15)))
        }
    }
}
