import Foundation
import ChartpipeCore
import ChartpipeJSON

/// How observations fall into buckets: by calendar unit, by numeric bin width, or by category label.
public enum Bucketing: Sendable, Equatable {
    case calendar(CalendarUnit)
    case width(Double)
    case label
}
