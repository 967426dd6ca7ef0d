import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The `every` option: a calendar unit (time x) or a bin width (number x).
public enum BucketSize: Sendable, Equatable, OptionValue {
    case calendar(CalendarUnit)
    case width(Double)

    public static var baseShape: Shape {
        .anyOf([.choice(CalendarUnit.allCases.map(\.rawValue)), .number(min: 0, exclusiveMinimum: true)])
    }

    public init?(optionValue json: JSONValue) {
        if let name = json.stringValue, let unit = CalendarUnit(rawValue: name) {
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
        }
    }
}
