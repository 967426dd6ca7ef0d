import Foundation
import ChartpipeJSON

/// x values as the output files write them, read back.
public enum XValue {
    /// Epoch milliseconds of ISO 8601 text (time), a number, or the index of a category label.
    public static func read(_ json: JSONValue, xType: XType, categories: [String]) -> Double? {
        switch xType {
        case .time: return json.stringValue.flatMap(TimeText.milliseconds(iso8601:))
        case .number: return json.doubleValue
        case .category:
            if let label = json.stringValue { return categories.firstIndex(of: label).map(Double.init) }
            return json.doubleValue
        }
    }
}
