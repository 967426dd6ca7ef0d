import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The `every` option: a calendar unit (time x), a bin width (number x), or `none`: a chart that
/// leaves aggregation off keeps its points as read (a per-chart override of a pipeline's stage).
public enum BucketSize: Sendable, Equatable, OptionValue {
    case calendar(CalendarUnit)
    case width(Double)
    case none

    public static var baseShape: Shape {
        .anyOf([.choice(CalendarUnit.allCases.map(\.rawValue) + ["none"]), .number(min: 0, exclusiveMinimum: true)])
    }

    public init?(optionValue json: JSONValue) {
        if json.stringValue == "none" {
            self = .none
        } else if let name = json.stringValue, let unit = CalendarUnit(rawValue: name) {
            self = .calendar(unit)
        } else if let width = json.doubleValue, width > 0, width.isFinite {
            self = .width(width)
        } else {
            return nil
        }
    }

    public var optionValue: JSONValue {
        switch self {
        case .calendar(let unit): return .string(unit.rawValue)
        case .width(let w): return .double(w)
        case .none: return .string("none")
        }
    }
}
