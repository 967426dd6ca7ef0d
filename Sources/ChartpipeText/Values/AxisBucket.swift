#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The buckets of an aggregated axis.
public enum AxisBucket: Sendable, Hashable {
    /// A calendar unit: `hour`, `day`, `week` (ISO, from Monday), `month`, `quarter`, `year`.
    case calendar(String)
    /// Numeric bins of this width, each starting at its x.
    case width(Double)
    /// One bucket per category.
    case category
}
