import ChartpipeJSON

/// The shape of a JSON value in a pipeline file. Validation, `chartpipe stages`, the JSON Schema
/// and "did you mean" all read these shapes, so there is no second hand-kept list of keys.
public indirect enum Shape: Sendable {
    case bool
    case integer(min: Int? = nil, max: Int? = nil)
    case number(min: Double? = nil, max: Double? = nil, exclusiveMinimum: Bool = false, exclusiveMaximum: Bool = false)
    /// A string; `pattern` is a regular expression the whole string must match (and its description).
    case string(pattern: String? = nil, patternHelp: String? = nil)
    /// One of a fixed set of strings.
    case choice([String])
    /// The first alternative that fits.
    case anyOf([Shape])
    case array(Shape, minItems: Int = 0, maxItems: Int? = nil, uniqueItems: Bool = false)
    /// An object with known keys only.
    case object([Field])
    /// An object with any keys, every value of this shape.
    case map(Shape)
    /// Anything (passed through, for plugins).
    case any
    /// Only `null` (in `anyOf`, for a value of the plugin protocol that may be missing).
    case null

    /// A short human description for messages and `chartpipe stages`.
    public var summary: String {
        switch self {
        case .bool: return "true or false"
        case let .integer(min, max):
            switch (min, max) {
            case let (lo?, hi?) where lo == hi: return "\(lo)"
            case let (lo?, hi?): return "an integer from \(lo) to \(hi)"
            case let (lo?, nil): return "an integer of at least \(lo)"
            case let (nil, hi?): return "an integer of at most \(hi)"
            default: return "an integer"
            }
        case let .number(min, max, exclusiveLow, exclusiveHigh):
            let low = min.map { (exclusiveLow ? "above " : "at least ") + JSONWriter.number($0) }
            let high = max.map { (exclusiveHigh ? "below " : "at most ") + JSONWriter.number($0) }
            switch (min, max) {
            case let (lo?, hi?) where !exclusiveLow && !exclusiveHigh:
                return "a number from \(JSONWriter.number(lo)) to \(JSONWriter.number(hi))"
            case (.some, .some): return "a number \(low ?? "") and \(high ?? "")"
            case (.some, nil): return exclusiveLow ? "a number \(low ?? "")" : "a number of \(low ?? "")"
            case (nil, .some): return exclusiveHigh ? "a number \(high ?? "")" : "a number of \(high ?? "")"
            default: return "a number"
            }
        case let .string(_, help): return help ?? "a string"
        case let .choice(values): return "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case let .anyOf(shapes): return shapes.map(\.summary).joined(separator: ", or ")
        case let .array(item, _, _, _): return "an array of \(item.pluralSummary)"
        case .object: return "an object"
        case let .map(value): return "an object whose values are \(value.pluralSummary)"
        case .any: return "any JSON value"
        case .null: return "null"
        }
    }

    var isObject: Bool { if case .object = self { return true }; return false }

    /// The fields of an object shape; none for any other shape.
    public var fields: [Field] { if case let .object(fields) = self { return fields }; return [] }

    var pluralSummary: String {
        switch self {
        case .bool: return "booleans"
        case .integer: return "integers"
        case .number: return "numbers"
        case .string: return "strings"
        case let .choice(values): return values.map { "'\($0)'" }.joined(separator: ", ")
        case .object, .map: return "objects"
        default: return "values"
        }
    }
}
