import Foundation
import ChartpipeJSON

/// The verdict of a two-sided Mann-Kendall test at the stage's `alpha`.
public enum MonotonicTrend: String, Sendable, Equatable, CaseIterable {
    case increasing, decreasing, none
}
