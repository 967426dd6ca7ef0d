#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a sentence places an event on the x axis (`describe.when.*` keys).
public enum WhenKind: String, Sendable {
    /// A year, quarter or month: "in 2009".
    case period
    /// A day or an instant: "on June 12".
    case day
    /// A number or category: "at 5".
    case point
}
