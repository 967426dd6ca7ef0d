import Foundation
import ChartpipeCore
import ChartpipeJSON

/// A calendar unit that time buckets follow, in the chart's time zone.
public enum CalendarUnit: String, Sendable, CaseIterable {
    case hour, day, week, month, quarter, year
}
